import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import {
  alertRuleKeys,
  alertRuleQuery,
  createAlertRule,
  deleteAlertRule,
  updateAlertRule,
} from '../../api/alert-rules';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { noticeState, type ShowNotice, useNotice } from '../../hooks/useNotice';
import { PATHS } from '../../routes/paths';
import { type AlertRuleFormValues, NEW_ALERT_RULE_FORM, toAlertRuleBody } from './alert-rule-form-values';
import { ALERT_RULE_NOTICES } from './alert-rule-notices';

/** The Add / Edit Email Alert page: the rule, the form, its failure alert, save and remove. */
export function useAlertRuleFormPage(ruleId: number | undefined) {
  const isEditing = ruleId !== undefined;
  const [form] = Form.useForm<AlertRuleFormValues>();
  const navigate = useNavigate();
  const { notice, show } = useNotice();
  const rule = useQuery({ ...alertRuleQuery(ruleId ?? 0), enabled: isEditing });
  const { save, remove } = useAlertRuleMutations(ruleId, form, show);
  return {
    isEditing,
    form,
    notice,
    rule,
    loadError: rule.isError ? errorMessageOf(rule.error, ALERT_RULE_NOTICES.failed) : null,
    save,
    remove,
    cancel: () => navigate(PATHS.alertRules),
  };
}

const FORM_FIELDS = new Set(Object.keys(NEW_ALERT_RULE_FORM));

/** Save and remove; a 400 puts each message on its field, and the first message in the alert. */
function useAlertRuleMutations(
  ruleId: number | undefined,
  form: FormInstance<AlertRuleFormValues>,
  showNotice: ShowNotice,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const backToList = async (notice: string) => {
    await queryClient.invalidateQueries({ queryKey: alertRuleKeys.all });
    navigate(PATHS.alertRules, { state: noticeState(notice) });
  };
  const showError = (error: unknown) => {
    if (error instanceof ApiError) {
      form.setFields(
        Object.entries(error.fields)
          .filter(([name]) => FORM_FIELDS.has(name))
          .map(([name, errors]) => ({ name: name as keyof AlertRuleFormValues, errors })),
      );
    }
    showNotice(errorMessageOf(error, ALERT_RULE_NOTICES.failed), 'error');
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
