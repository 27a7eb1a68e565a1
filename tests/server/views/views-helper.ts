import type { FastifyInstance } from 'fastify';
import { VIEWS_ENDPOINT } from '../../../common/domains/views/model';
import type { ViewAnswerValue, ViewStateValue } from '../../../common/domains/views/schemas';
import { API, sealed, type Session } from '../helper';

export const VIEWS_API = `${API}/${VIEWS_ENDPOINT}`;

export async function callViews(app: FastifyInstance, session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) {
  return sealed(app, session, { method, url: `${VIEWS_API}${path}`, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A state as the companies list keeps it: a filter, a sort, columns and a page size. */
export const COMPANY_STATE: ViewStateValue = {
  filters: [
    { field: 'exchange', operator: 'contains', value: 'NSE' },
    { field: 'q', operator: 'contains', value: 'steel' },
  ],
  sorters: [{ field: 'compName', order: 'desc' }],
  columns: ['companyId', 'compName', 'isin'],
  pageSize: 50,
  density: 'small',
};

export async function saveView(
  app: FastifyInstance,
  session: Session,
  input: { name: string; sharedRole?: 0 | 1 | 2 | null; resource?: string; state?: ViewStateValue },
): Promise<ViewAnswerValue> {
  const response = await callViews(app, session, 'POST', '', {
    resource: input.resource ?? 'companies',
    name: input.name,
    state: input.state ?? COMPANY_STATE,
    sharedRole: input.sharedRole ?? null,
  });
  if (response.statusCode !== 201) throw new Error(`save view: ${response.statusCode} ${response.body}`);
  return response.json<ViewAnswerValue>();
}

export async function viewNames(app: FastifyInstance, session: Session, resource = 'companies'): Promise<string[]> {
  const response = await callViews(app, session, 'GET', `?resource=${resource}`);
  if (response.statusCode !== 200) throw new Error(`list views: ${response.statusCode} ${response.body}`);
  return response.json<ViewAnswerValue[]>().map((view) => view.name);
}
