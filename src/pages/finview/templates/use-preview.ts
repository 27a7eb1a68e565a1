import { useDataProvider } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../providers';
import type { Bindings, ParamsSchema, ParamValues, TemplateBody, TemplateKind } from '../../../../common/domains/finview/model';
import { useFinviewApi } from '../finview-api';
import { problemLines } from './draft-edit';

/** What POST preview takes (docs/finview.md "Templates"). */
export interface PreviewRequest {
  kind: TemplateKind;
  body: TemplateBody;
  paramsSchema?: ParamsSchema;
  bindings?: Bindings;
  params?: ParamValues;
  at?: number;
}

export const PREVIEW_DEBOUNCE_MS = 600;

export interface PreviewState {
  url: string | undefined;
  loading: boolean;
  /** The refusal's message, and its problems one per line (422 finviewTemplateInvalid). */
  failure: { message: string; problems: string[] } | null;
}

/** The JSON of an error answer that came back as bytes (the preview asks for an arraybuffer). */
function errorBody(error: unknown): unknown {
  const body = (error as { body?: unknown } | null)?.body;
  if (!(body instanceof ArrayBuffer)) return body;
  try {
    return JSON.parse(new TextDecoder().decode(body)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A PNG of `request` fetched through the sealed client ~600 ms after it last changed, the previous
 * request aborted; shown from an object URL that is revoked when the next one replaces it. A null
 * request previews nothing.
 */
export function usePreview(request: PreviewRequest | null): PreviewState {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const dataProvider = useDataProvider();
  const [state, setState] = useState<PreviewState>({ url: undefined, loading: false, failure: null });
  const urlRef = useRef<string | undefined>(undefined);
  const key = request ? JSON.stringify(request) : '';

  useEffect(() => {
    if (!key) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState((current) => ({ ...current, loading: true }));
      const custom = dataProvider().custom;
      if (!custom) return;
      custom<ArrayBuffer & Record<string, never>>({
        url: api.preview,
        method: 'post',
        payload: JSON.parse(key) as PreviewRequest,
        meta: { responseType: 'arraybuffer', queryContext: { signal: controller.signal } as never },
      })
        .then(({ data }) => {
          if (controller.signal.aborted) return;
          const next = URL.createObjectURL(new Blob([data as ArrayBuffer], { type: 'image/png' }));
          if (urlRef.current) URL.revokeObjectURL(urlRef.current);
          urlRef.current = next;
          setState({ url: next, loading: false, failure: null });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const body = errorBody(error);
          const message = serverMessageOf(body, t) ?? ((error as { message?: string } | null)?.message || t('errors.generic'));
          const problems = problemLines((body as { errors?: unknown } | undefined)?.errors);
          setState((current) => ({ url: current.url, loading: false, failure: { message, problems } }));
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, api.preview, dataProvider, t]);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );
  return state;
}
