import { PlusOutlined } from '@ant-design/icons';
import { ESCALATION_MAX_LEVELS, type EscalationPolicy } from '@vigil/contracts';
import { Alert, Breadcrumb, Button, Card, Descriptions, Flex, Switch, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { FormActions } from '../../components/FormActions';
import { NoticeAlert } from '../../components/NoticeAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { formatSiteTime } from '../../time/site-time';
import { LevelEditor } from './components/LevelEditor';
import { afterText, withLevelAdded, withLevelChanged, withLevelRemoved } from './escalation-draft';
import { useEscalationPolicyPage } from './useEscalationPolicyPage';

const LOAD_FAILED = 'The escalation policy could not be loaded.';

/**
 * /sites/:siteId/escalation (issue 27, docs/escalation.md): who is told, and when, about an alarm nobody
 * acknowledges. Every reader of the site sees the policy; its managers, accounts management and staff edit it.
 */
export function EscalationPolicyPage() {
  const siteId = Number(useParams().siteId);
  const page = useEscalationPolicyPage(Number.isInteger(siteId) && siteId > 0 ? siteId : 0);
  const title = page.site.data?.title;
  usePageTitle(title === undefined ? 'Escalation policy' : `Escalation policy: ${title}`);

  if (page.policy.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessageOf(page.policy.error, LOAD_FAILED)}
        action={<Link to={PATHS.sites}>Back to sites</Link>}
      />
    );
  }
  if (page.policy.data === undefined || page.draft === null) {
    return <PageSpinner />;
  }
  const policy = page.policy.data;
  const { draft } = page;
  return (
    <div className="page" data-testid="escalation-page">
      <Breadcrumb
        items={[
          { title: <Link to={PATHS.sites}>Sites</Link> },
          { title: title ?? '' },
          { title: 'Escalation policy' },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="escalation-title">
        Escalation policy{title === undefined ? '' : `: ${title}`}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        An alarm that stays active and unacknowledged is e-mailed to each level in turn, at its minutes after
        the alarm. Acknowledging the alarm, or its clearing, stops the escalation.
      </Typography.Paragraph>
      <NoticeAlert notice={page.notice} testId="escalation-alert" />
      {policy.can_edit ? (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Flex vertical gap={12}>
              <Flex gap={8} align="center">
                <Switch
                  checked={draft.enabled}
                  onChange={(enabled) => page.change({ ...draft, enabled })}
                  disabled={page.save.isPending}
                  aria-label="Escalation on"
                  data-testid="escalation-enabled"
                />
                <span>Escalation on</span>
              </Flex>
              <Flex gap={8} align="center">
                <Switch
                  checked={draft.include_warnings}
                  onChange={(include_warnings) => page.change({ ...draft, include_warnings })}
                  disabled={page.save.isPending}
                  aria-label="Warnings escalate too"
                  data-testid="escalation-warnings"
                />
                <span>Warnings escalate too (alarms always do)</span>
              </Flex>
            </Flex>
          </Card>
          {draft.levels.map((level, index) => (
            <LevelEditor
              // Levels have no id: their place is their identity (removing one renumbers the rest).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              index={index}
              level={level}
              people={page.people}
              disabled={page.save.isPending}
              onChange={(change) => page.change(withLevelChanged(draft, index, change))}
              onRemove={() => page.change(withLevelRemoved(draft, index))}
            />
          ))}
          {draft.levels.length < ESCALATION_MAX_LEVELS ? (
            <Button
              icon={<PlusOutlined />}
              onClick={() => page.change(withLevelAdded(draft))}
              disabled={page.save.isPending}
              data-testid="escalation-add-level"
            >
              ADD LEVEL
            </Button>
          ) : null}
          {page.problems.length > 0 ? (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 16 }}
              title="Please correct the policy"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {page.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              }
              data-testid="escalation-problems"
            />
          ) : null}
          <FormActions
            cancel={{ onClick: page.reset, testId: 'escalation-cancel' }}
            save={{
              label: 'SAVE',
              isPending: page.save.isPending,
              onClick: page.submit,
              testId: 'escalation-save',
            }}
          />
        </>
      ) : (
        <PolicyView policy={policy} />
      )}
      <UpdatedLine policy={policy} timeZone={page.site.data?.timezone} />
    </div>
  );
}

/** What a reader sees: on or off, warnings, and each level with its recipients. */
function PolicyView({ policy }: { policy: EscalationPolicy }) {
  return (
    <Card data-testid="escalation-view">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'on', label: 'Escalation', children: policy.enabled ? 'On' : 'Off' },
          { key: 'warnings', label: 'Warnings escalate', children: policy.include_warnings ? 'Yes' : 'No' },
        ]}
      />
      <Table
        rowKey="level"
        style={{ marginTop: 12 }}
        pagination={false}
        dataSource={policy.levels}
        locale={{ emptyText: 'No levels' }}
        size="middle"
        columns={[
          { key: 'level', title: 'LEVEL', dataIndex: 'level', width: 80 },
          { key: 'when', title: 'WHEN', render: (_, level) => afterText(level.after_minutes), width: 160 },
          {
            key: 'people',
            title: 'PEOPLE',
            render: (_, level) => level.users.map((user) => user.full_name || user.email).join(', ') || '—',
          },
          { key: 'emails', title: 'OTHER ADDRESSES', render: (_, level) => level.emails.join(', ') || '—' },
        ]}
        data-testid="escalation-levels"
      />
    </Card>
  );
}

/** When and by whom the policy was last changed, on the site's clock with its zone named. */
function UpdatedLine({ policy, timeZone }: { policy: EscalationPolicy; timeZone: string | undefined }) {
  if (policy.date_updated === null) {
    return null;
  }
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="escalation-updated">
      Last changed {formatSiteTime(Date.parse(policy.date_updated), timeZone ?? 'UTC')}
      {policy.updated_by === null ? '' : ` by ${policy.updated_by}`}
    </Typography.Paragraph>
  );
}
