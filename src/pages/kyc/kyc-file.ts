import { useCustom, useDataProvider } from '@refinedev/core';
import { useEffect, useMemo, useState } from 'react';
import { saveFile } from '../../components/save-file';
import { useKycApi, type KycFile } from './kyc-api';

// A document's file, fetched through the sealed data provider (bytes, never a bare URL: the
// request must be sealed) and shown from an object URL. The server audits every fetch as a
// `view` or a `download`, so a version's bytes are fetched once per page, not per render.

type Bytes = ArrayBuffer & Record<string, never>;

/** An object URL for one version of a document's file (the current one by default), revoked when it goes. */
export function useFileUrl(documentId: number | string, file: KycFile | null | undefined) {
  const api = useKycApi();
  const { query } = useCustom<Bytes>({
    url: api.file(documentId),
    method: 'get',
    config: { query: { fileId: file?.id, purpose: 'view' } },
    // Part of the query's key: a masked image (same version, new bytes) is fetched again.
    meta: { responseType: 'arraybuffer', revision: file ? `${file.id}:${file.seq}:${file.masked}:${file.size}` : 'none' },
    queryOptions: { enabled: Boolean(file), staleTime: Number.POSITIVE_INFINITY, retry: false },
    successNotification: false,
    errorNotification: false,
  });
  const bytes = query.data?.data as ArrayBuffer | undefined;
  const blob = useMemo(() => (bytes && file ? new Blob([bytes], { type: file.contentType }) : undefined), [bytes, file]);
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return { url, blob, loading: query.isLoading, error: query.error };
}

/** Saves a file version as the reader's download (audited as `download`). */
export function useFileDownload(documentId: number | string) {
  const api = useKycApi();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const download = async (file: KycFile) => {
    setBusy(true);
    try {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('custom is not implemented');
      const { data } = await custom<Bytes>({
        url: api.file(documentId),
        method: 'get',
        query: { fileId: file.id, purpose: 'download' },
        meta: { responseType: 'arraybuffer' },
      });
      saveFile(new Blob([data as ArrayBuffer], { type: file.contentType }), file.filename);
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
