import { useDataProvider } from '@refinedev/core';
import { useEffect, useState } from 'react';
import type { ParamValues, TemplateVersion } from '../../../../common/domains/finview/model';
import { fileErrorText } from '../../../components/error-text';
import { useFinviewApi } from '../finview-api';
import type { TFunction } from 'i18next';

type Bytes = ArrayBuffer & Record<string, never>;

/** POST preview of the published version with the form's params: a PNG, shown from an object URL. */
export function usePreview(t: TFunction) {
  const api = useFinviewApi();
  const dataProvider = useDataProvider();
  const [url, setUrl] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);

  const preview = async (version: TemplateVersion, params: ParamValues) => {
    const custom = dataProvider().custom;
    if (!custom) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await custom<Bytes>({
        url: api.preview,
        method: 'post',
        payload: { kind: version.kind, body: version.body, paramsSchema: version.paramsSchema, bindings: version.bindings, params },
        meta: { responseType: 'arraybuffer' },
      });
      setUrl(URL.createObjectURL(new Blob([data as ArrayBuffer], { type: 'image/png' })));
    } catch (failure) {
      setError(fileErrorText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  const clear = () => {
    setUrl(undefined);
    setError(null);
  };
  return { url, busy, error, preview, clear };
}
