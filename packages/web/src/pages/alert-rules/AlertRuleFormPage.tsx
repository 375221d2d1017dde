import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Form, type FormInstance, Typography } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { createAlertRule, deleteAlertRule, getAlertRule, updateAlertRule } from '../../api/alert-rules';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTimedValue } from '../../hooks/useTimedValue';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import {
  type AlertRuleFormValues,
  NEW_ALERT_RULE_FORM,
  toAlertRuleBody,
  toAlertRuleFormValues,
} from './alert-rule-form-values';
import { ALERT_RULE_NOTICES, ALERT_RULES_QUERY_KEY, type AlertRulesPageState } from './alert-rules-state';
import { AlertRuleForm } from './components/AlertRuleForm';

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
  const isEditing = ruleId !== undefined;
  const title = isEditing ? 'Edit Email Alert' : 'Add Email Alert';
  usePageTitle(title);
  const [form] = Form.useForm<AlertRuleFormValues>();
  const navigate = useNavigate();
  const failure = useTimedValue<string>(ALERT_RESET_MS);
  const rule = useQuery({
    queryKey: [...ALERT_RULES_QUERY_KEY, 'one', ruleId],
    queryFn: ({ signal }) => getAlertRule(ruleId ?? 0, signal),
    enabled: isEditing,
  });
  const { save, remove } = useAlertRuleMutations(ruleId, form, failure.show);

  if (isEditing && rule.isPending) {
    return <PageSpinner />;
  }
  const loadError = rule.isError ? errorMessageOf(rule.error, ALERT_RULE_NOTICES.failed) : null;
  return (
    <div className="page" style={{ maxWidth: 960 }}>
      <Typography.Title level={3} className="page-title">
        {title}
      </Typography.Title>
      {failure.value === null ? null : (
        <Alert
          type="error"
          showIcon
          title={failure.value}
          className="form-alert"
          data-testid="alert-rule-alert"
        />
      )}
      {loadError === null ? (
        <Card>
          <AlertRuleForm
            form={form}
            initialValues={rule.data === undefined ? NEW_ALERT_RULE_FORM : toAlertRuleFormValues(rule.data)}
            knownDevices={rule.data?.devices ?? []}
            isEditing={isEditing}
            isSubmitting={save.isPending || remove.isPending}
            onSubmit={(values) => save.mutate(values)}
            onCancel={() => navigate(PATHS.alertRules)}
            onRemove={isEditing ? () => remove.confirm() : undefined}
          />
        </Card>
      ) : (
        <Alert type="error" showIcon title={loadError} />
      )}
    </div>
  );
}

const FORM_FIELDS = new Set(Object.keys(NEW_ALERT_RULE_FORM));

/** Save and remove; a 400 puts each message on its field, and the first message in the alert. */
function useAlertRuleMutations(
  ruleId: number | undefined,
  form: FormInstance<AlertRuleFormValues>,
  showFailure: (text: string) => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const backToList = async (notice: string) => {
    await queryClient.invalidateQueries({ queryKey: ALERT_RULES_QUERY_KEY });
    const state: AlertRulesPageState = { notice };
    navigate(PATHS.alertRules, { state });
  };
  const showError = (error: unknown) => {
    if (error instanceof ApiError) {
      form.setFields(
        Object.entries(error.fields)
          .filter(([name]) => FORM_FIELDS.has(name))
          .map(([name, errors]) => ({ name: name as keyof AlertRuleFormValues, errors })),
      );
    }
    showFailure(errorMessageOf(error, ALERT_RULE_NOTICES.failed));
  };

  const save = useMutation({
    mutationFn: (values: AlertRuleFormValues) => {
      const body = toAlertRuleBody(values);
      return ruleId === undefined ? createAlertRule(body) : updateAlertRule(ruleId, body);
    },
    onSuccess: () => backToList(ruleId === undefined ? ALERT_RULE_NOTICES.added : ALERT_RULE_NOTICES.updated),
    onError: showError,
  });
  const removal = useMutation({
    mutationFn: () => deleteAlertRule(ruleId ?? 0),
    onSuccess: () => backToList(ALERT_RULE_NOTICES.removed),
    onError: showError,
  });
  const confirm = () => {
    modal.confirm({
      title: 'Deletion',
      content: ALERT_RULE_NOTICES.confirmRemove,
      okText: 'REMOVE',
      okButtonProps: { danger: true },
      onOk: () => removal.mutateAsync(),
    });
  };
  return { save, remove: { confirm, isPending: removal.isPending } };
}
