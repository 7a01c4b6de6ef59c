import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { useCharityDirectoryStatus } from '../api.js';

/**
 * Until an admin imports the IRS extract the directory holds only the example records (around
 * Austin, TX), so most ZIP codes find nothing: the page says so before anyone wonders why.
 */
export function DirectoryNotice() {
  const status = useCharityDirectoryStatus();
  if (!status.data || status.data.irsRecords > 0) return null;
  const { exampleRecords } = status.data;
  return (
    <Alert data-testid="charity-directory-notice">
      <AlertTitle>The charity directory has not been filled yet</AlertTitle>
      <p>
        It fills when an admin imports the IRS list of 501(c)(3) organizations.
        {exampleRecords > 0 ? ` Until then it holds only ${exampleRecords} example records around Austin, TX (ZIP 78741), so searches elsewhere find nothing.` : ' Until then searches find nothing.'}{' '}
        You can add a local charity of your own below.
      </p>
    </Alert>
  );
}
