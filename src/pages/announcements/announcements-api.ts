import { useDataProvider } from '@refinedev/core';
import { useMemo } from 'react';
import type {
  AnnouncementAnswer,
  AnnouncementDetail,
  AnnouncementEdit,
  AnnouncementInput,
  AnnouncementLock,
  CompanyRef,
  DecisionBody,
  LinkCompanyBody,
  MergeBody,
  RetractBody,
  SuppressBody,
} from '../../../common/domains/announcements/model';
import { useEndpointPath } from '../../registry/resource-urls';

// The review page's sealed calls (docs/announcements.md), under the `announcements` endpoint of
// the registry. Typed with the shared model; errors are the http client's (translated) ApiError.

const part = (value: string | number) => encodeURIComponent(String(value));

export function announcementsUrls(base: string) {
  return {
    base,
    one: (id: number) => `${base}/${part(id)}`,
    action: (id: number, action: string) => `${base}/${part(id)}/${action}`,
    lock: (id: number) => `${base}/${part(id)}/lock`,
    attachment: (id: number) => `${base}/${part(id)}/attachment`,
    companies: `${base}/companies`,
    eventsTicket: `${base}/events/ticket`,
  } as const;
}

export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const TOTAL_HEADER = 'x-total-count';
export const CAPPED_HEADER = 'x-total-capped';

/** A list request's query (`GET announcements`), already in the server's words. */
export type ListQuery = Record<string, string | number | boolean | undefined>;

export interface ListPage {
  rows: AnnouncementAnswer[];
  nextCursor: string | null;
  total: number | null;
  capped: boolean;
}

export type Decision =
  | { action: 'publish' | 'reopen' | 'separate'; body: DecisionBody }
  | { action: 'suppress'; body: SuppressBody }
  | { action: 'retract'; body: RetractBody }
  | { action: 'merge'; body: MergeBody }
  | { action: 'company'; body: LinkCompanyBody };

export function useAnnouncementsApi() {
  const base = useEndpointPath('announcements');
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const urls = announcementsUrls(base);
    const call = async <T,>(method: 'get' | 'post' | 'put' | 'delete', url: string, payload?: unknown, query?: ListQuery) => {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('custom is not implemented');
      return custom<T & object>({ url, method, payload, query });
    };
    return {
      urls,
      async list(query: ListQuery): Promise<ListPage> {
        const custom = dataProvider().custom;
        if (!custom) throw new Error('custom is not implemented');
        const answer = (await custom<AnnouncementAnswer[]>({
          url: base,
          method: 'get',
          query,
          meta: { headers: [NEXT_CURSOR_HEADER, TOTAL_HEADER, CAPPED_HEADER] },
        })) as { data: AnnouncementAnswer[]; headers?: Record<string, string | undefined> };
        const headers = answer.headers ?? {};
        const total = Number.parseInt(headers[TOTAL_HEADER] ?? '', 10);
        return {
          rows: Array.isArray(answer.data) ? answer.data : [],
          nextCursor: headers[NEXT_CURSOR_HEADER] || null,
          total: Number.isFinite(total) ? total : null,
          capped: headers[CAPPED_HEADER] === 'true',
        };
      },
      one: async (id: number) => (await call<AnnouncementDetail>('get', urls.one(id))).data,
      create: async (input: AnnouncementInput) => (await call<AnnouncementDetail>('post', base, input)).data,
      update: async (id: number, input: AnnouncementEdit) => (await call<AnnouncementDetail>('put', urls.one(id), input)).data,
      decide: async (id: number, decision: Decision) => (await call<AnnouncementDetail>('post', urls.action(id, decision.action), decision.body)).data,
      lock: async (id: number, force = false) => (await call<AnnouncementLock>('post', urls.lock(id), force ? { force } : {})).data,
      unlock: async (id: number) => void (await call<object>('delete', urls.lock(id))),
      attachment: async (id: number) => (await call<{ url: string }>('post', urls.attachment(id), {})).data.url,
      companies: async (q: string) => (await call<CompanyRef[]>('get', urls.companies, undefined, { q })).data,
    };
  }, [base, dataProvider]);
}

export type AnnouncementsApi = ReturnType<typeof useAnnouncementsApi>;
