import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, Row, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ChangeEvent, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { INDIAN_STATES, KYC_GENDERS, type KycGender } from '../../../common/domains/kyc/model';
import { aadhaarDigits } from '../../../common/domains/kyc/rules';
import { FormSelect } from '../form-select';
import type { KycSubjectInput } from './kyc-api';
import { aadhaarRules, ADDRESS_MAX, dobRules, isOutsideDobRange, panRules, pinCodeRules, requiredRule, SUBJECT_TEXT_MAX } from './subject-rules';

/** The subject's fields as the form holds them. */
export interface SubjectValues {
  name?: string;
  dob?: Dayjs | null;
  gender?: KycGender;
  addressLine?: string;
  city?: string;
  state?: string;
  pinCode?: string;
  pan?: string;
  aadhaar?: string;
}

/** What the API takes from the form: trimmed, the date as YYYY-MM-DD, the Aadhaar number as digits. */
export function subjectInput(values: SubjectValues): KycSubjectInput {
  return {
    name: (values.name ?? '').trim(),
    dob: values.dob?.format('YYYY-MM-DD') ?? '',
    gender: values.gender as KycGender,
    addressLine: (values.addressLine ?? '').trim(),
    city: (values.city ?? '').trim(),
    state: values.state ?? '',
    pinCode: (values.pinCode ?? '').trim(),
    pan: (values.pan ?? '').trim(),
    aadhaar: aadhaarDigits(values.aadhaar ?? ''),
  };
}

/** The Aadhaar number: hidden as it is typed (it lives only in the form, never in storage), with a show toggle. */
function AadhaarInput({ id, value, onChange, placeholder, ...rest }: { id: string; value?: string; placeholder?: string; onChange?: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Input
      {...rest}
      id={id}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      // Not type=password: browsers would offer to keep it in their password manager.
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={14}
      style={{ WebkitTextSecurity: shown ? 'none' : 'disc' } as CSSProperties}
      data-testid="kyc-aadhaar"
      suffix={
        <Button
          type="text"
          size="small"
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          aria-label={t(shown ? 'kyc.upload.hideAadhaar' : 'kyc.upload.showAadhaar')}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
          data-testid="kyc-aadhaar-toggle"
        />
      }
    />
  );
}

/**
 * A subject's fields with the shared rules (./subject-rules): the upload's and the edit's.
 * On an edit the numbers are optional: a PAN left as it is stays, an Aadhaar number left
 * empty keeps the stored one (shown only as its last four digits).
 */
export function SubjectFields({ form, editing = false, storedAadhaar }: { form: FormInstance<SubjectValues>; editing?: boolean; storedAadhaar?: string | null }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`kyc.fields.${field}`);
  const chosen = (field: string) => [{ required: true, message: t('generic.required', { field: label(field) }) }];
  return (
    <>
      <Form.Item name="name" label={label('name')} rules={[requiredRule(t, label('name'))]}>
        <Input id="name" maxLength={SUBJECT_TEXT_MAX} autoComplete="off" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="dob" label={label('dob')} rules={dobRules(t, label('dob'))}>
            <DatePicker id="dob" style={{ width: '100%' }} format="YYYY-MM-DD" disabledDate={isOutsideDobRange} placeholder="YYYY-MM-DD" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="gender" label={label('gender')} rules={chosen('gender')}>
            <FormSelect id="gender" options={KYC_GENDERS.map((value) => ({ value, label: t(`kyc.genders.${value}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="addressLine" label={label('addressLine')} rules={[requiredRule(t, label('addressLine'))]}>
        <Input id="addressLine" maxLength={ADDRESS_MAX} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="city" label={label('city')} rules={[requiredRule(t, label('city'))]}>
            <Input id="city" maxLength={SUBJECT_TEXT_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="state" label={label('state')} rules={chosen('state')}>
            <FormSelect id="state" showSearch options={INDIAN_STATES.map((value) => ({ value, label: value }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="pinCode" label={label('pinCode')} rules={pinCodeRules(t, label('pinCode'))}>
        <Input id="pinCode" inputMode="numeric" maxLength={6} style={{ maxWidth: 160 }} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="pan"
            label={label('pan')}
            dependencies={['name']}
            normalize={(value: string | undefined) => value?.toUpperCase()}
            rules={panRules(t, label('pan'), () => form.getFieldValue('name') as string | undefined, !editing)}
          >
            <Input id="pan" maxLength={10} autoComplete="off" spellCheck={false} placeholder="ABCPV1234K" data-testid="kyc-pan" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="aadhaar"
            label={label('aadhaar')}
            rules={aadhaarRules(t, label('aadhaar'), !editing)}
            extra={editing ? t('kyc.edit.aadhaarHint') : t('kyc.upload.aadhaarHint')}
          >
            <AadhaarInput id="aadhaar" placeholder={editing && storedAadhaar ? storedAadhaar : undefined} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
