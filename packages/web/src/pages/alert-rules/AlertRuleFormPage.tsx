import { Alert, Card, Typography } from 'antd';
import { Navigate, useParams } from 'react-router';
import { NoticeAlert } from '../../components/NoticeAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { NEW_ALERT_RULE_FORM, toAlertRuleFormValues } from './alert-rule-form-values';
import { AlertRuleForm } from './components/AlertRuleForm';
import { useAlertRuleFormPage } from './useAlertRuleFormPage';

/** /user/setting/add/notification and /user/setting/add/notification/:id: edit mode when an id is present. */
export function AlertRuleFormPage() {
  const { id } = useParams();
  const ruleId = id === undefined ? undefined : Number(id);
  if (ruleId !== undefined && !(Number.isInteger(ruleId) && ruleId > 0)) {
    return <Navigate to={PATHS.alertRules} replace />;
  }
  return <AlertRuleFormScreen key={ruleId ?? 'new'} ruleId={ruleId} />;
}

function AlertRuleFormScreen({ ruleId }: { ruleId: number | undefined }) {
  const page = useAlertRuleFormPage(ruleId);
  const { isEditing, rule, save, remove } = page;
  const title = isEditing ? 'Edit Email Alert' : 'Add Email Alert';
  usePageTitle(title);

  if (isEditing && rule.isPending) {
    return <PageSpinner />;
  }
  return (
    <div className="page" style={{ maxWidth: 960 }}>
      <Typography.Title level={3} className="page-title">
        {title}
      </Typography.Title>
      <NoticeAlert notice={page.notice} testId="alert-rule-alert" />
      {page.loadError === null ? (
        <Card>
          <AlertRuleForm
            form={page.form}
            initialValues={rule.data === undefined ? NEW_ALERT_RULE_FORM : toAlertRuleFormValues(rule.data)}
            knownDevices={rule.data?.devices ?? []}
            isEditing={isEditing}
            isSubmitting={save.isPending || remove.isPending}
            onSubmit={(values) => save.mutate(values)}
            onCancel={page.cancel}
            onRemove={isEditing ? () => remove.confirm() : undefined}
          />
        </Card>
      ) : (
        <Alert type="error" showIcon title={page.loadError} />
      )}
    </div>
  );
}
