import { useCustomMutation } from '@refinedev/core';
import type { KycDocumentType } from '../../../common/domains/kyc/model';
import { useKycApi, type KycDocument } from './kyc-api';

/**
 * A new file for one of a subject's documents (a first digital Aadhaar, or a new version
 * after a revision): multipart `file`, with the share code for a digital Aadhaar. The
 * document goes back to `new` and its decision is cleared (docs/kyc.md).
 */
export function useDocumentUpload() {
  const api = useKycApi();
  const { mutateAsync, mutation } = useCustomMutation<KycDocument, never, FormData>();
  const upload = async (subjectId: number | string, type: KycDocumentType, file: File, shareCode?: string): Promise<KycDocument> => {
    const body = new FormData();
    if (shareCode) body.append('shareCode', shareCode.trim());
    body.append('file', file, file.name);
    const { data } = await mutateAsync({ url: api.documents(subjectId, type), method: 'post', values: body, successNotification: false, errorNotification: false });
    return data;
  };
  return { upload, uploading: mutation.isPending };
}
