import { EnvironmentOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isStaff, SITE_MESSAGES } from '@vigil/contracts';
import { Alert, Empty, Select, Typography } from 'antd';
import { Link } from 'react-router';
import { meKeys } from '../../../api/accounts';
import { errorMessageOf } from '../../../api/api-error';
import { deviceKeys } from '../../../api/devices';
import { selectSite, sitesQuery } from '../../../api/sites';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { SELECT_LOCATION_FIRST } from '../../../messages';
import { PATHS } from '../../../routes/paths';

/**
 * /devices with no site chosen: A's 'please select a location first' with a picker of the client's sites;
 * choosing one makes it current (as a site card does) and the page shows its devices.
 */
export function ChooseSite() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const needsClient = me.current_client === null && isStaff(me);
  const sites = useQuery({ ...sitesQuery(), enabled: !needsClient });
  const select = useMutation({
    mutationFn: (siteId: number) => selectSite(siteId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });

  return (
    <Empty
      image={<EnvironmentOutlined style={{ fontSize: 48, color: 'var(--ant-color-text-quaternary)' }} />}
      description={<Typography.Text strong>{SELECT_LOCATION_FIRST}</Typography.Text>}
      styles={{ root: { marginTop: 48 }, image: { height: 56, marginBottom: 8 } }}
      data-testid="devices-choose-site"
    >
      {needsClient ? (
        <Typography.Text>
          Choose a client on the <Link to={PATHS.clients}>Clients</Link> page first.
        </Typography.Text>
      ) : (
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Choose a site"
          aria-label="Site"
          loading={sites.isLoading || select.isPending}
          disabled={select.isPending}
          options={(sites.data?.results ?? []).map((site) => ({ value: site.id, label: site.title }))}
          notFoundContent={sites.isSuccess ? SITE_MESSAGES.empty : undefined}
          onChange={(siteId) => select.mutate(siteId)}
          style={{ width: 280, maxWidth: '100%' }}
          data-testid="devices-site-picker"
        />
      )}
      {sites.isError || select.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessageOf(sites.error ?? select.error, SITE_MESSAGES.failed)}
          className="form-alert"
          style={{ marginTop: 16 }}
        />
      ) : null}
    </Empty>
  );
}
