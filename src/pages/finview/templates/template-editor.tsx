import { BgColorsOutlined, CloudUploadOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { useCustom, useDataProvider, useNavigation } from '@refinedev/core';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandAnswer, PluginAnswer, TemplateDetail, TemplateVersion } from '../../../../common/domains/finview/model';
import type { ReportSection, ReportTemplate } from '../../../../common/domains/finview/report-template';
import { TEMPLATE_LOCALES, type Scene, type TemplateLocale, type VideoTemplate } from '../../../../common/domains/finview/template';
import { PageHeader } from '../../../components/page-header';
import { useFinviewApi } from '../finview-api';
import { errorText, statusOf } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';
import { bindingRowsOf, bindingsOf, clamp, listArgsOf, newScene, newSection, paramRowsOf, paramsSchemaOf, refusalLines, SCENE_KINDS, SECTION_KINDS, withBrand, type BindingRow, type ParamRow } from './draft-edit';
import { BindingsEditor } from './bindings-editor';
import { Field } from './item-fields';
import { ItemsEditor } from './items-editor';
import { ParamsEditor } from './params-editor';
import { ProblemList } from './problem-list';
import { TemplatePreview } from './template-preview';
import { VersionStatusTag } from './version-status-tag';

/** Loads a template, its draft (or its published version, which saving copies to a new draft), the brand and the plugins. */
export function TemplateEditor({ id }: { id: string }) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const [round, setRound] = useState(0);
  const detail = useCustom<TemplateDetail>({ url: api.template(id), method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const brand = useCustom<BrandAnswer>({ url: api.brand, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const plugins = useCustom<PluginAnswer[]>({ url: api.plugins, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const template = detail.query.data?.data;
  const editable = template ? (template.draftVersion ?? template.publishedVersion ?? template.latestVersion) : undefined;
  const version = useCustom<TemplateVersion>({
    url: api.templateVersion(id, editable ?? 0),
    method: 'get',
    queryOptions: { enabled: editable !== undefined, retry: false },
    errorNotification: false,
  });
  const failed = detail.query.error ?? brand.query.error ?? version.query.error;
  if (failed) return <Alert type="error" showIcon message={errorText(failed, t)} data-testid="finview-editor-failure" />;
  const loaded = version.query.data?.data;
  if (!template || !loaded || !brand.query.data?.data) return <Skeleton active />;
  return (
    <DraftEditor
      key={`${loaded.templateId}:${loaded.version}:${round}`}
      template={template}
      loaded={loaded}
      brand={brand.query.data.data}
      plugins={plugins.query.data?.data ?? []}
      refresh={async (restart) => {
        await detail.query.refetch();
        await version.query.refetch();
        if (restart) setRound((value) => value + 1);
      }}
    />
  );
}

interface DraftEditorProps {
  template: TemplateDetail;
  loaded: TemplateVersion;
  brand: BrandAnswer;
  plugins: PluginAnswer[];
  refresh(restart: boolean): Promise<void>;
}

function DraftEditor({ template, loaded, brand, plugins, refresh }: DraftEditorProps) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const dataProvider = useDataProvider();
  const toast = useToast();
  const { show } = useNavigation();
  const [body, setBody] = useState(loaded.body);
  const [paramRows, setParamRows] = useState<ParamRow[]>(() => paramRowsOf(loaded.paramsSchema));
  const [bindingRows, setBindingRows] = useState<BindingRow[]>(() => bindingRowsOf(loaded.bindings));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: string[]; stale: boolean } | null>(null);
  const [at, setAt] = useState<number | undefined>(undefined);
  const caps = brand.caps;

  const paramsSchema = useMemo(() => paramsSchemaOf(paramRows, loaded.paramsSchema), [paramRows, loaded.paramsSchema]);
  const bindings = useMemo(() => bindingsOf(bindingRows, listArgsOf(plugins)), [bindingRows, plugins]);
  const edit = <T,>(setter: (value: T) => void) => (value: T) => {
    setter(value);
    setDirty(true);
  };
  const setVideo = edit((next: VideoTemplate) => setBody(next));
  const setReport = edit((next: ReportTemplate) => setBody(next));
  const video = loaded.kind === 'video' ? (body as VideoTemplate) : null;
  const report = loaded.kind === 'report' ? (body as ReportTemplate) : null;
  const bindNames = Object.keys(bindings);

  const call = async <T,>(url: string, method: 'put' | 'post' | 'get', payload?: unknown): Promise<T> => {
    const custom = dataProvider().custom;
    if (!custom) throw new Error('custom is not implemented');
    const { data } = await custom<T & Record<string, never>>({ url, method, ...(payload === undefined ? {} : { payload }) });
    return data as T;
  };
  const fail = (error: unknown) => {
    const stale = statusOf(error) === 409;
    setFailure({ message: errorText(error, t), problems: refusalLines((error as { errors?: unknown } | null)?.errors, ((error as { body?: { errors?: unknown } } | null)?.body)?.errors), stale });
  };
  /** Saves the draft; answers the template's new row version. */
  const saveDraft = async (): Promise<number> => {
    await call<TemplateVersion>(api.templateDraft(template.id), 'put', { body, paramsSchema, bindings, version: template.version });
    const fresh = await call<TemplateDetail>(api.template(template.id), 'get');
    setDirty(false);
    return fresh.version;
  };
  const save = async () => {
    setBusy('save');
    setFailure(null);
    try {
      await saveDraft();
      toast('success', 'finview-template', t('server.finviewTemplateSaved'));
      await refresh(loaded.status === 'published');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };
  const publish = async () => {
    setBusy('publish');
    setFailure(null);
    try {
      const version = dirty || loaded.status === 'published' ? await saveDraft() : template.version;
      await call<TemplateDetail>(api.templatePublish(template.id), 'post', { version });
      toast('success', 'finview-template', t('server.finviewTemplatePublished'));
      await refresh(true);
    } catch (error) {
      fail(error);
      await refresh(false);
    } finally {
      setBusy(null);
    }
  };
  const useBrand = () => {
    const next = withBrand(body, brand.brand);
    // Logo scenes and a report's logo take the firm's logo too, when it has one.
    if (brand.logo && next.schemaVersion && 'scenes' in next) {
      next.scenes = next.scenes.map((scene) => (scene.kind === 'logo' ? { ...scene, image: { dataUrl: brand.logo! } } : scene));
    }
    if (brand.logo && 'sections' in next) next.logo = { dataUrl: brand.logo };
    setBody(next);
    setDirty(true);
  };

  const localeOptions = TEMPLATE_LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`) }));
  const frame = video ? (
    <Flex gap={8} wrap>
      <Field label={t('finviewTemplates.fields.width')} width={130}>
        {(id) => <InputNumber id={id} min={16} max={caps.maxWidth} step={2} precision={0} value={video.size.width} style={{ width: '100%' }} onChange={(value) => setVideo({ ...video, size: { ...video.size, width: clamp(Math.round((value ?? 16) / 2) * 2, 16, caps.maxWidth) } })} />}
      </Field>
      <Field label={t('finviewTemplates.fields.height')} width={130}>
        {(id) => <InputNumber id={id} min={16} max={caps.maxHeight} step={2} precision={0} value={video.size.height} style={{ width: '100%' }} onChange={(value) => setVideo({ ...video, size: { ...video.size, height: clamp(Math.round((value ?? 16) / 2) * 2, 16, caps.maxHeight) } })} />}
      </Field>
      <Field label={t('finviewTemplates.fields.fps')} width={110}>
        {(id) => <InputNumber id={id} min={1} max={caps.maxFps} precision={0} value={video.fps} style={{ width: '100%' }} onChange={(value) => setVideo({ ...video, fps: clamp(value ?? caps.defaultFps, 1, caps.maxFps) })} />}
      </Field>
      <Field label={t('finviewTemplates.fields.durationSeconds')} width={140}>
        {(id) => <InputNumber id={id} min={0.1} max={caps.maxDurationSeconds} step={0.5} value={video.durationSeconds} style={{ width: '100%' }} onChange={(value) => setVideo({ ...video, durationSeconds: clamp(value ?? 1, 0.1, caps.maxDurationSeconds) })} />}
      </Field>
      <Field label={t('finviewTemplates.fields.locale')} width={180}>
        {(id) => <Select id={id} value={video.locale ?? 'en'} options={localeOptions} onChange={(locale: TemplateLocale) => setVideo({ ...video, locale })} />}
      </Field>
    </Flex>
  ) : report ? (
    <Flex vertical gap={0}>
      <Field label={t('finviewTemplates.fields.title')}>
        {(id) => <Input id={id} value={report.title} maxLength={120} onChange={(event) => setReport({ ...report, title: event.target.value })} />}
      </Field>
      <Field label={t('finviewTemplates.fields.subtitle')}>
        {(id) => <Input id={id} value={report.subtitle ?? ''} maxLength={500} onChange={(event) => { const { subtitle: _old, ...rest } = report; setReport(event.target.value ? { ...rest, subtitle: event.target.value } : rest); }} />}
      </Field>
      <Flex gap={16} wrap align="center">
        <Field label={t('finviewTemplates.fields.pageSize')} width={140}>
          {(id) => <Select id={id} value={report.page.size} options={['A4', 'Letter'].map((size) => ({ value: size, label: size }))} onChange={(size: 'A4' | 'Letter') => setReport({ ...report, page: { ...report.page, size } })} />}
        </Field>
        <Field label={t('finviewTemplates.fields.locale')} width={180}>
          {(id) => <Select id={id} value={report.locale ?? 'en'} options={localeOptions} onChange={(locale: TemplateLocale) => setReport({ ...report, locale })} />}
        </Field>
        <Space>
          <Switch checked={report.page.landscape} aria-label={t('finviewTemplates.fields.landscape')} onChange={(landscape) => setReport({ ...report, page: { ...report.page, landscape } })} />
          {t('finviewTemplates.fields.landscape')}
        </Space>
      </Flex>
    </Flex>
  ) : null;

  const items = video ? (
    <ItemsEditor
      items={video.scenes}
      kinds={SCENE_KINDS}
      create={(kind) => newScene(kind as Scene['kind'], video.scenes, video.durationSeconds, brand.logo)}
      onChange={(scenes) => setVideo({ ...video, scenes: scenes as Scene[] })}
      bindNames={bindNames}
      durationSeconds={video.durationSeconds}
      logo={brand.logo}
    />
  ) : report ? (
    <ItemsEditor items={report.sections} kinds={SECTION_KINDS} create={newSection} onChange={(sections) => setReport({ ...report, sections: sections as ReportSection[] })} bindNames={bindNames} logo={brand.logo} />
  ) : null;

  const request = useMemo(() => ({ kind: loaded.kind, body, paramsSchema, bindings, ...(at !== undefined ? { at } : {}) }), [loaded.kind, body, paramsSchema, bindings, at]);

  return (
    <Flex vertical gap={16} data-testid="finview-template-editor">
      <PageHeader
        icon="LayoutOutlined"
        title={<bdi>{template.name}</bdi>}
        extra={
          <>
            <VersionStatusTag status={loaded.status} version={loaded.version} />
            {dirty ? <Tag color="gold">{t('finviewTemplates.unsaved')}</Tag> : null}
            <Button icon={<EyeOutlined />} onClick={() => show('templates', template.id)} data-testid="finview-template-versions">
              {t('finviewTemplates.versions')}
            </Button>
            <Button icon={<BgColorsOutlined />} onClick={useBrand} data-testid="finview-template-brand">
              {t('finviewTemplates.useBrand')}
            </Button>
            <Button icon={<SaveOutlined />} loading={busy === 'save'} disabled={busy !== null || (!dirty && loaded.status === 'draft')} onClick={() => void save()} data-testid="finview-template-save">
              {t('finviewTemplates.saveDraft')}
            </Button>
            <Button type="primary" icon={<CloudUploadOutlined />} loading={busy === 'publish'} disabled={busy !== null} onClick={() => void publish()} data-testid="finview-template-publish">
              {t('finviewTemplates.publish')}
            </Button>
          </>
        }
      />
      {loaded.status === 'published' ? <Alert type="info" showIcon message={t('finviewTemplates.editingPublished', { n: loaded.version })} /> : null}
      {failure ? (
        <Alert
          type="error"
          showIcon
          message={failure.message}
          data-testid="finview-template-failure"
          description={failure.problems.length > 0 ? <ProblemList problems={failure.problems} /> : undefined}
          action={failure.stale ? <Button size="small" onClick={() => void refresh(true)}>{t('finviewTemplates.reload')}</Button> : undefined}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small">
            <Form layout="vertical" component="div">
              <Tabs
                items={[
                  { key: 'frame', label: t(video ? 'finviewTemplates.tabs.frame' : 'finviewTemplates.tabs.page'), children: frame },
                  { key: 'items', label: t(video ? 'finviewTemplates.tabs.scenes' : 'finviewTemplates.tabs.sections'), children: items },
                  { key: 'bindings', label: t('finviewTemplates.tabs.bindings'), children: <BindingsEditor rows={bindingRows} onChange={edit(setBindingRows)} plugins={plugins} paramNames={paramRows.map((row) => row.name).filter(Boolean)} /> },
                  { key: 'params', label: t('finviewTemplates.tabs.params'), children: <ParamsEditor rows={paramRows} onChange={edit(setParamRows)} /> },
                ]}
              />
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <TemplatePreview request={request} durationSeconds={video?.durationSeconds} at={at} onAt={setAt} />
        </Col>
      </Row>
    </Flex>
  );
}
