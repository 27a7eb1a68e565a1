import type {
  BaseKey,
  BaseRecord,
  CreateParams,
  CrudFilter,
  CrudSort,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetOneParams,
  MetaQuery,
  UpdateParams,
} from '@refinedev/core';
import { apiPath } from '../../common/resources/generate';
import type { ResourceDefinition } from '../../common/resources/types';
import type { HttpClient, HttpRequest, Translate } from './http-client';
import { ApiError } from './http-error';

export interface DataProviderOptions {
  http: HttpClient;
  definitions: readonly ResourceDefinition[];
  translate: Translate;
  /** Used when a list asks for server pagination without a page size. */
  defaultPageSize: number;
}

export const TOTAL_COUNT_HEADER = 'x-total-count';
/** `true` when the server stopped counting at x-total-count (a list of millions): shown as "at least". */
export const TOTAL_CAPPED_HEADER = 'x-total-capped';

/**
 * Resources map to their definition's `endpoint` under the API base. A resource
 * without one has no server side yet: it is refused here, before any request.
 */
export function createDataProvider({
  http,
  definitions,
  translate: t,
  defaultPageSize,
}: DataProviderOptions): DataProvider {
  function definitionOf(resource: string): ResourceDefinition & { endpoint: string } {
    const definition = definitions.find((candidate) => candidate.name === resource);
    if (!definition?.endpoint) {
      const label = definition ? t(definition.labelKey) : resource;
      throw new ApiError(t('errors.noEndpoint', { resource: label }), 501);
    }
    return definition as ResourceDefinition & { endpoint: string };
  }
  const endpointOf = (resource: string) => apiPath(definitionOf(resource).endpoint);

  const itemUrl = (resource: string, id: BaseKey) => `${endpointOf(resource)}/${encodeURIComponent(String(id))}`;
  const signalOf = (meta?: MetaQuery) => meta?.queryContext?.signal;

  return {
    getApiUrl: () => http.baseURL,

    async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: GetListParams) {
      const url = endpointOf(resource);
      const { currentPage = 1, pageSize = defaultPageSize, mode = 'server' } = pagination ?? {};
      const params: Record<string, unknown> = { ...queryOfFilters(filters), ...queryOfSorters(sorters) };
      if (mode === 'server') Object.assign(params, { page: currentPage, pageSize });
      const response = await http.request<TData[]>({ method: 'get', url, params, signal: signalOf(meta) });
      const data = Array.isArray(response.data) ? response.data : [];
      const total = Number.parseInt(response.header(TOTAL_COUNT_HEADER) ?? '', 10);
      return { data, total: Number.isFinite(total) ? total : data.length, capped: response.header(TOTAL_CAPPED_HEADER) === 'true' };
    },

    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: GetOneParams) {
      const { data } = await http.request<TData | { result: TData }>({ method: 'get', url: itemUrl(resource, id), signal: signalOf(meta) });
      return { data: unwrapResult(data) };
    },

    async create<TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, variables }: CreateParams<TVariables>) {
      const { data } = await http.request<TData>({ method: 'post', url: endpointOf(resource), data: variables });
      return { data };
    },

    async update<TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, id, variables, meta }: UpdateParams<TVariables>) {
      const definition = definitionOf(resource);
      if (definition.updateEndpoint) {
        // The legacy update route: the id travels in the body, under the resource's id field.
        const body = { ...(variables as object), [definition.idField ?? 'id']: id };
        const { data } = await http.request<TData | { result: TData }>({ method: 'post', url: apiPath(definition.updateEndpoint), data: body });
        return { data: unwrapResult(data) };
      }
      const method = meta?.method === 'put' ? 'put' : 'patch';
      const { data } = await http.request<TData>({ method, url: itemUrl(resource, id), data: variables });
      return { data };
    },

    async deleteOne<TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, id, variables, meta }: DeleteOneParams<TVariables>) {
      // Refine's DeleteButton passes no variables: the version it read travels in `meta` (optimistic concurrency).
      const body = variables ?? (meta?.version !== undefined ? { version: meta.version } : undefined);
      const { data } = await http.request<TData | { result: TData }>({ method: 'delete', url: itemUrl(resource, id), data: body });
      return { data: unwrapResult(data) };
    },

    async custom<TData extends BaseRecord = BaseRecord, TQuery = unknown, TPayload = unknown>({ url, method, sorters, filters, payload, query, headers, meta }: CustomParams<TQuery, TPayload>) {
      const params = { ...queryOfFilters(filters), ...queryOfSorters(sorters), ...(query as Record<string, unknown> | undefined) };
      const request: HttpRequest = {
        method,
        url,
        params,
        data: payload,
        headers: headers as Record<string, string> | undefined,
        signal: signalOf(meta),
        // Binary answers (Excel downloads) ask for 'arraybuffer'; everything else is JSON.
        ...(meta?.responseType === 'arraybuffer' ? { responseType: 'arraybuffer' as const } : {}),
      };
      const response = await http.request<TData>(request);
      // A keyset list's next page is a header (`x-next-cursor`): the caller names the headers it reads.
      const wanted = meta?.headers as readonly string[] | undefined;
      if (!wanted) return { data: response.data };
      return { data: response.data, headers: Object.fromEntries(wanted.map((name) => [name, response.header(name)])) };
    },
  };
}

/** The legacy routes wrap one record as `{result: record}` (API.md); the generic ones send it bare. */
function unwrapResult<T>(data: T | { result: T }): T {
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && Object.keys(data).length === 1 && 'result' in data) {
    return data.result;
  }
  return data as T;
}

/** `sort=field:asc|desc`, several fields comma-separated in priority order. */
export function queryOfSorters(sorters: CrudSort[] | undefined): Record<string, string> {
  if (!sorters || sorters.length === 0) return {};
  return { sort: sorters.map(({ field, order }) => `${field}:${order}`).join(',') };
}

/**
 * The API takes plain query parameters (companyIds=a,b, newsStatus=...), so
 * only equality, membership and text search map onto it; anything else is a
 * programming error the page must not hide.
 */
export function queryOfFilters(filters: CrudFilter[] | undefined): Record<string, string> {
  const query: Record<string, string> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) throw new Error(`unsupported "${filter.operator}" filter: the API takes flat query parameters`);
    const { field, operator, value } = filter;
    if (value === undefined || value === null || value === '') continue;
    if (operator === 'eq' || operator === 'contains') query[field] = String(value);
    else if (operator === 'in') {
      const values = Array.isArray(value) ? value : [value];
      if (values.length > 0) query[field] = values.map(String).join(',');
    } else throw new Error(`unsupported filter operator "${operator}" on ${field}`);
  }
  return query;
}
