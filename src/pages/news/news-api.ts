import type { NewsItemAnswer } from '../../../common/domains/news/schemas';
import { useModuleApiPath } from '../../registry/resource-urls';

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

// The answers' shapes are the server's own (common/domains/news/schemas.ts: types derived from its TypeBox schemas), under the names the pages use.
export type { NewsItemAnswer as NewsItem, NewsDetailsAnswer as NewsDetails, CompanyOptionAnswer as CompanyOption } from '../../../common/domains/news/schemas';

/**
 * An item as the pages name it: from a list row, a stored row or a show page's URL, so its table
 * is any string until the server checks it (the body's NewsRef takes only NEWS_TABLES).
 */
export type NewsRef = Pick<NewsItemAnswer, 'newsItemId' | 'tableName'>;

/** One key per item: ids are only unique inside their table. */
export const newsKey = (item: NewsRef) => `${item.tableName}\u0000${String(item.newsItemId)}`;
