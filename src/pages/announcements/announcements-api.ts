import { useDataProvider } from '@refinedev/core';
import { useMemo } from 'react';
import type { AnnouncementDetail, AnnouncementLock, CompanyRef, DecisionBody, LinkCompanyBody, MergeBody } from '../../../common/domains/announcements/model';
import { useEndpointPath } from '../../registry/resource-urls';

// The announcement's own calls beside the generic list, show page and transitions
// (docs/announcements.md): the soft lock, the PDF's ticket, the companies to link, and the
// decisions that are not a state's transition (merge, separate, company), under the
// `announcements` endpoint of the registry. Errors are the http client's (translated) ApiError.

const part = (value: string | number) => encodeURIComponent(String(value));

export function announcementsUrls(base: string) {
  return {
    base,
    action: (id: number, action: string) => `${base}/${part(id)}/${action}`,
    lock: (id: number) => `${base}/${part(id)}/lock`,
    attachment: (id: number) => `${base}/${part(id)}/attachment`,
    companies: `${base}/companies`,
  } as const;
}

export type Decision = { action: 'separate'; body: DecisionBody } | { action: 'merge'; body: MergeBody } | { action: 'company'; body: LinkCompanyBody };

export function useAnnouncementsApi() {
  const base = useEndpointPath('announcements');
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const urls = announcementsUrls(base);
    const call = async <T,>(method: 'get' | 'post' | 'delete', url: string, payload?: unknown, query?: Record<string, string>) => {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('custom is not implemented');
      return custom<T & object>({ url, method, payload, query });
    };
    return {
      urls,
      decide: async (id: number, decision: Decision) => (await call<AnnouncementDetail>('post', urls.action(id, decision.action), decision.body)).data,
      lock: async (id: number, force = false) => (await call<AnnouncementLock>('post', urls.lock(id), force ? { force } : {})).data,
      unlock: async (id: number) => void (await call<object>('delete', urls.lock(id))),
      attachment: async (id: number) => (await call<{ url: string }>('post', urls.attachment(id), {})).data.url,
      companies: async (q: string) => (await call<CompanyRef[]>('get', urls.companies, undefined, { q })).data,
    };
  }, [base, dataProvider]);
}

export type AnnouncementsApi = ReturnType<typeof useAnnouncementsApi>;
