import { useMutation } from '@tanstack/react-query';
import {
  type LayoutSettings,
  OEM_MESSAGES,
  OEM_TEXT_MAX_LENGTH,
  type OemSettingsFormValues,
} from '@vigil/contracts';
import { Card, Col, Form, Input, Row } from 'antd';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { updateOemSettings } from '../../api/oem';
import { FormActions } from '../../components/FormActions';
import { type ShowNotice, useNotice } from '../../hooks/useNotice';
import { usePageTitle } from '../../hooks/usePageTitle';
import { LogoCard } from './components/LogoCard';
import { OemEditFrame } from './components/OemEditFrame';
import { useOemSettings, useRefreshOemSettings } from './useOemQueries';
import './oem.css';

type ContactsFormValues = Pick<LayoutSettings, 'support_address' | 'support_phone' | 'support_email' | 'css'>;

const FORM_FIELDS: string[] = ['support_address', 'support_phone', 'support_email', 'css'];
const tooLong = { max: OEM_TEXT_MAX_LENGTH, message: OEM_MESSAGES.tooLong };

/** /settings/oem/contacts: support address, phone, e-mail, custom styling and the logo (A sections 2 and 5). */
export function SupportContactsPage() {
  usePageTitle('Support Contacts');
  const settings = useOemSettings();
  const refresh = useRefreshOemSettings();
  const notice = useNotice();

  return (
    <OemEditFrame
      title="Support Contacts"
      query={settings}
      notice={notice.notice}
      alertTestId="contacts-alert"
    >
      {(loaded) => (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={15}>
            <ContactsForm initial={loaded} onSaved={refresh} onNotice={notice.show} />
          </Col>
          <Col xs={24} lg={9}>
            <LogoCard logo={loaded.logo} onChanged={refresh} onNotice={notice.show} />
          </Col>
        </Row>
      )}
    </OemEditFrame>
  );
}

type ContactsFormProps = {
  initial: LayoutSettings;
  onSaved: () => Promise<void>;
  onNotice: ShowNotice;
};

function ContactsForm({ initial, onSaved, onNotice }: ContactsFormProps) {
  const [form] = Form.useForm<ContactsFormValues>();
  const save = useMutation({
    mutationFn: (values: OemSettingsFormValues) => updateOemSettings(values),
    onSuccess: async () => {
      await onSaved();
      onNotice(OEM_MESSAGES.settingsSaved);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const fields = Object.entries(error.fields).filter(([name]) => FORM_FIELDS.includes(name));
        form.setFields(fields.map(([name, errors]) => ({ name: name as keyof ContactsFormValues, errors })));
      }
      onNotice(errorMessageOf(error, OEM_MESSAGES.loadError), 'error');
    },
  });

  return (
    <Card title="Contacts and styling">
      <Form<ContactsFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(values) => save.mutate(values)}
        data-testid="contacts-form"
      >
        <Form.Item name="support_address" label="Address" rules={[tooLong]}>
          <Input.TextArea rows={6} placeholder="Address" aria-label="Address" />
        </Form.Item>
        <Form.Item name="support_phone" label="Phone" rules={[tooLong]}>
          <Input placeholder="Phone" aria-label="Phone" />
        </Form.Item>
        <Form.Item
          name="support_email"
          label="E-mail"
          rules={[{ type: 'email', message: OEM_MESSAGES.emailInvalid }, tooLong]}
        >
          <Input placeholder="E-mail" aria-label="E-mail" />
        </Form.Item>
        <Form.Item
          name="css"
          label="Custom styling"
          extra="CSS applied to every page of the portal. No @import, scripts or images from http: addresses."
        >
          <Input.TextArea
            rows={10}
            className="oem-code"
            placeholder=".app-header { background: #16202b; }"
            aria-label="Custom styling"
            spellCheck={false}
          />
        </Form.Item>
        <FormActions isFlush save={{ label: 'SAVE', isPending: save.isPending, testId: 'contacts-save' }} />
      </Form>
    </Card>
  );
}
