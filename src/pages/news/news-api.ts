import { useModuleApiPath } from '../../registry/resource-urls';
import type { NewsStatus } from './news-query';

// The news-management calls besides the two resource lists (API.md "News management"),
// beside the news feeds' endpoint in the registry.
export function newsApi(base: string) {
  return {
    details: `${base}/news-details`,
    changeStatus: `${base}/change-news-status`,
    excelDownload: `${base}/excel-download`,
    searchCompany: `${base}/search-company`,
    uploadCompanies: `${base}/upload-companies`,
    excelTemplate: `${base}/excel-template`,
  } as const;
}

export function useNewsApi(): ReturnType<typeof newsApi> {
  return newsApi(useModuleApiPath('news-feeds'));
}

export const EXCEL_API_KEY_HEADER = 'x-api-key';

export interface NewsItem {
  newsItemId: string | number;
  tableName: string;
  companyId: string | number;
  companyName: string;
  headline: string;
  summary?: string | null;
  source?: string | null;
  url?: string | null;
  publishedAt: string;
  newsStatus: NewsStatus;
  updatedAt?: string | null;
  updatedBy?: string | null;
}

export interface NewsDetails extends NewsItem {
  body?: string | null;
}

export interface NewsRef {
  newsItemId: NewsItem['newsItemId'];
  tableName: string;
}

export interface CompanyOption {
  companyId: string | number;
  compName: string;
}

export interface Company {
  companyId: string | number;
  compName: string;
  isin?: string | null;
  ticker?: string | null;
  exchange?: string | null;
  sector?: string | null;
  website?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  isActive?: boolean | null;
}


/** One key per item: ids are only unique inside their table. */
export const newsKey = (item: NewsRef) => `${item.tableName}\u0000${String(item.newsItemId)}`;
