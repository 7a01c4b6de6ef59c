import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.js';
import { useSettings } from '../api.js';
import { NotificationsTab } from '../components/notifications-tab.js';
import { PreferencesTab } from '../components/preferences-tab.js';
import { ProfileTab } from '../components/profile-tab.js';
import { SecurityTab } from '../components/security-tab.js';
import { TeamTab } from '../../team/components/team-tab.js';
import { SettingsCardSkeleton } from '../components/settings-skeleton.js';
import { SETTINGS_TABS, SETTINGS_TAB_NAMES, isSettingsTab, searchForTab, tabFromSearch, type SettingsTab } from '../settings-tabs.js';
import { useApplyServerTheme } from '../use-theme-setting.js';

/** /settings (spec extended: the settings page); the open tab is in the URL, as `?tab=notifications`. */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams);
  const settings = useSettings();
  useApplyServerTheme(settings.data?.preferences.theme);

  const onTabChange = (value: string) => {
    if (isSettingsTab(value)) setSearchParams((current) => searchForTab(current, value), { replace: true });
  };

  // Profile and preferences share one load; the notifications and security tabs have their own.
  const settingsPanel = (name: Exclude<SettingsTab, 'notifications' | 'security' | 'team'>) => {
    if (settings.isPending) return <SettingsCardSkeleton label={`Loading ${SETTINGS_TABS[name].toLowerCase()}`} />;
    if (settings.isError) {
      return <LoadError what="your settings" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isRefetching} />;
    }
    return name === 'profile' ? <ProfileTab profile={settings.data.profile} /> : <PreferencesTab preferences={settings.data.preferences} />;
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl min-w-0 grid-cols-1 gap-6">
      <PageTitle title="Settings" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">Your profile, notifications, security and preferences, and your team.</p>
      </div>
      <Tabs value={tab} onValueChange={onTabChange} className="grid min-w-0 grid-cols-1 gap-6">
        <TabsList aria-label="Settings sections">
          {SETTINGS_TAB_NAMES.map((name) => (
            <TabsTrigger key={name} value={name}>
              {SETTINGS_TABS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Every panel stays mounted, so switching tabs keeps what was typed and not yet saved. */}
        <TabsContent value="profile" forceMount className="data-[state=inactive]:hidden">
          {settingsPanel('profile')}
        </TabsContent>
        <TabsContent value="notifications" forceMount className="data-[state=inactive]:hidden">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="security" forceMount className="data-[state=inactive]:hidden">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="preferences" forceMount className="data-[state=inactive]:hidden">
          {settingsPanel('preferences')}
        </TabsContent>
        <TabsContent value="team" className="data-[state=inactive]:hidden">
          <TeamTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
