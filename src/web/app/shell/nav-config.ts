import {
  BookOpen,
  CircleAlert,
  ChartLine,
  CreditCard,
  FileDown,
  Filter,
  GraduationCap,
  HandHeart,
  Handshake,
  LayoutDashboard,
  Route,
  Link2,
  Lightbulb,
  MessageSquarePlus,
  Package,
  PackageSearch,
  ReceiptText,
  Refrigerator,
  Settings,
  ShieldCheck,
  SprayCan,
  Upload,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../lib/paths.js';
import { hasOperatorPage } from '../operator-routes.js';

export interface NavEntry {
  label: string;
  icon: LucideIcon;
  /** A link; absent on expandable parents. */
  href?: string;
  /** Makes the entry an expandable parent. */
  children?: NavEntry[];
  adminOnly?: boolean;
  /** Only members of the affiliate program (operators who also refer) see it; it leads outside the operator pages. */
  affiliateOnly?: boolean;
  /** A driver sees it (drivers see only these). */
  forDrivers?: boolean;
  /** A live count shown beside the label. */
  badge?: 'unresolvedIssues';
}

/** The sidebar of spec 2.2, in order. Entries whose page is not built yet are hidden (see below). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Dashboard', href: paths.dashboard, icon: LayoutDashboard },
  // The day on the road: the one page a driver has.
  { label: 'Today', href: paths.route, icon: Route, forDrivers: true },
  {
    label: 'Product Info',
    icon: Package,
    children: [
      { label: 'Products', href: paths.products, icon: PackageSearch },
      { label: 'Product Import', href: paths.productImport, icon: Upload },
      // DEX audit files and telemetry exports: the sales the machines report.
      { label: 'Sales Import', href: paths.salesImport, icon: ReceiptText },
      { label: 'Product Suggestions', href: paths.adminSuggestions, icon: Lightbulb },
    ],
  },
  { label: 'Vending Machines', href: paths.vendingMachines, icon: Refrigerator },
  { label: 'Vending Issues', href: paths.vendingIssues, icon: CircleAlert, badge: 'unresolvedIssues' },
  {
    label: 'Resources',
    icon: BookOpen,
    children: [
      { label: 'Cleaning Kits', href: paths.cleaningKits, icon: SprayCan },
      { label: 'Credit Card Readers', href: paths.cardReaders, icon: CreditCard },
      { label: 'Toolkits & Parts', href: paths.toolkits, icon: Wrench },
      // The operator's own retail affiliate accounts, whose tag the three catalogues' links carry.
      { label: 'Affiliate Setup', href: paths.affiliateSetup, icon: Link2 },
      { label: 'Inventory Analytics', href: paths.inventoryAnalytics, icon: ChartLine },
      { label: 'Demographics', href: paths.demographics, icon: Users },
      { label: 'Donation Hub', href: paths.donationHub, icon: HandHeart },
    ],
  },
  { label: 'Education', href: paths.education, icon: GraduationCap },
  { label: 'Affiliate Dashboard', href: paths.affiliateDashboard, icon: Handshake, affiliateOnly: true },
  { label: 'Scan Funnel', href: paths.scanFunnel, icon: Filter },
  { label: 'Export Data', href: paths.exports, icon: FileDown },
  { label: 'Settings', href: paths.settings, icon: Settings },
  { label: 'Feature Requests', href: paths.adminFeatureRequests, icon: MessageSquarePlus },
  { label: 'Admin Panel', href: paths.adminPanel, icon: ShieldCheck, adminOnly: true },
];

export interface NavViewer {
  isAdmin: boolean;
  isAffiliate: boolean;
  /** A driver in the team in use: their route is all they have. */
  isDriver?: boolean;
}

/**
 * The entries this user should see: built pages only, admin entries for admins, the affiliate
 * dashboard for members of the program, parents with a visible child; a driver, their route alone.
 */
export function visibleNavEntries(entries: readonly NavEntry[], viewer: NavViewer): NavEntry[] {
  return entries.flatMap((entry): NavEntry[] => {
    if (viewer.isDriver && !entry.forDrivers) return [];
    if (entry.adminOnly && !viewer.isAdmin) return [];
    if (entry.affiliateOnly) return viewer.isAffiliate ? [entry] : [];
    if (entry.children) {
      const children = visibleNavEntries(entry.children, viewer);
      return children.length > 0 ? [{ ...entry, children }] : [];
    }
    return entry.href && hasOperatorPage(entry.href) ? [entry] : [];
  });
}

/** A link is active on its own path and below it; the dashboard also lives at '/'. */
export function isNavHrefActive(href: string, pathname: string): boolean {
  if (href === paths.dashboard && pathname === paths.home) return true;
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function isNavEntryActive(entry: NavEntry, pathname: string): boolean {
  if (entry.href && isNavHrefActive(entry.href, pathname)) return true;
  return entry.children?.some((child) => isNavEntryActive(child, pathname)) ?? false;
}
