import type { Queryable } from '../../db/index.js';
import { isoOf, limitOffset, orderBy, type Page, type PageRequest } from '../../lib/paging.js';
import { filterableFields, filterKindOf, isText, sortableFields, type CrudModel, type StoredField } from './model.js';

// SQL for one generic resource, built once from its model: table and column names come
// from the definition, every value is a bound parameter.

export type CrudRecord = Record<string, unknown> & { version: number };

export interface ListRequest extends PageRequest {
  q?: string | undefined;
  /** `?{field}=` values of the filterable columns. */
  filters: Record<string, unknown>;
}

function selectExpression(model: CrudModel, field: StoredField): string {
  // Ids are bigint: strings in JSON, which loses digits past 2^53.
  if (field === model.id) return `${field.column}::text`;
  if (field.definition.type === 'date') return `to_char(${field.column}, 'YYYY-MM-DD')`;
  return field.column;
}

function sortExpression(field: StoredField): string {
  return isText(field) ? `lower(${field.column})` : field.column;
}

function toRecord(model: CrudModel, row: Record<string, unknown>): CrudRecord {
  const record: Record<string, unknown> = {};
  for (const field of model.fields) {
    const value = row[field.name];
    record[field.name] = field.definition.type === 'datetime' && value !== null && value !== undefined ? isoOf(value) : value;
  }
  return { ...record, version: Number(row.version) };
}

export function createCrudRepository(model: CrudModel) {
  const { storage, readFrom, id } = model;
  const select = `SELECT ${model.fields.map((field) => `${selectExpression(model, field)} AS "${field.name}"`).join(', ')}, version`;
  const sortColumns = Object.fromEntries(sortableFields(model).map((field) => [field.name, sortExpression(field)]));
  const searched = model.fields.filter((field) => storage.search?.includes(field.name));
  const filters = filterableFields(model);
  const [defaultField = id.name, defaultDirection = 'asc'] = (storage.defaultSort ?? `${id.name}:asc`).split(':');
  const fallbackOrder = `${sortColumns[defaultField] ?? id.column} ${defaultDirection === 'desc' ? 'DESC' : 'ASC'}`;

  /** The WHERE clause of a list, its values appended to `params`. */
  function where(request: ListRequest, params: unknown[]): string {
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions: string[] = [];
    const q = request.q?.trim().toLowerCase();
    if (q && searched.length > 0) {
      // strpos, not LIKE: the search text is plain text, with no wildcard to escape.
      const p = bind(q);
      conditions.push(`(${searched.map((field) => `strpos(lower(${field.column}::text), ${p}) > 0`).join(' OR ')})`);
    }
    for (const field of filters) {
      const value = request.filters[field.name];
      if (value === undefined || value === null || value === '') continue;
      const filter = filterKindOf(model, field);
      if (filter === 'boolean') conditions.push(`${field.column} = ${bind(value)}`);
      else if (filter === 'select') conditions.push(`${field.column}::text = ANY(${bind(String(value).split(','))}::text[])`);
      else if (filter === 'dateRange') {
        const [from = '', to = ''] = String(value).split(',');
        if (from) conditions.push(`${field.column} >= ${bind(from)}::date`);
        if (to) conditions.push(`${field.column} < ${bind(to)}::date + 1`);
      } else if (isText(field)) conditions.push(`strpos(lower(${field.column}), ${bind(String(value).trim().toLowerCase())}) > 0`);
      else conditions.push(`${field.column}::text = ${bind(String(value))}`);
    }
    return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  }

  return {
    async list(q: Queryable, request: ListRequest): Promise<Page<CrudRecord>> {
      const params: unknown[] = [];
      const condition = where(request, params);
      const order = orderBy(request.sort, sortColumns, fallbackOrder, `${id.column} ASC`);
      const { limit, offset } = limitOffset(request);
      // The exact total comes with the page (count(*) OVER()); a page past the end has no
      // row to carry it, so only then is it counted apart.
      const { rows } = await q.query<Record<string, unknown> & { total_count: string }>(
        `${select}, count(*) OVER() AS total_count FROM ${readFrom} ${condition}
          ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      );
      let total = Number(rows[0]?.total_count ?? 0);
      if (rows.length === 0 && offset > 0) {
        const counted = await q.query<{ total: string }>(`SELECT count(*) AS total FROM ${readFrom} ${condition}`, params);
        total = Number(counted.rows[0]?.total ?? 0);
      }
      return { rows: rows.map((row) => toRecord(model, row)), total };
    },

    /**
     * The list's rows unpaged, for an export: its SELECT, WHERE and ORDER BY as SQL and
     * parameters (`from` alone for counting), or with `ids` only those records, in the same order.
     */
    unpaged(request: Omit<ListRequest, 'page' | 'pageSize'> & { ids?: readonly string[] | undefined }): { sql: string; from: string; params: unknown[] } {
      const params: unknown[] = [];
      let condition = where(request, params);
      if (request.ids) {
        params.push(request.ids);
        const chosen = id.definition.type === 'integer' ? `${id.column} = ANY($${params.length}::text[]::bigint[])` : `${id.column}::text = ANY($${params.length}::text[])`;
        condition = condition ? `${condition} AND ${chosen}` : `WHERE ${chosen}`;
      }
      const from = `FROM ${readFrom} ${condition}`;
      return { sql: `${select} ${from} ORDER BY ${orderBy(request.sort, sortColumns, fallbackOrder, `${id.column} ASC`)}`, from, params };
    },

    /** One record; `lock` holds its row until the transaction ends (a view cannot be locked: the table is). */
    async find(q: Queryable, key: string, lock = false): Promise<CrudRecord | undefined> {
      if (lock) await q.query(`SELECT 1 FROM ${storage.table} WHERE ${id.column} = $1 FOR UPDATE`, [key]);
      const { rows } = await q.query<Record<string, unknown>>(`${select} FROM ${readFrom} WHERE ${id.column} = $1`, [key]);
      return rows[0] && toRecord(model, rows[0]);
    },

    /** The new record's id. */
    async insert(q: Queryable, values: Record<string, unknown>): Promise<string> {
      const fields = model.stored.filter((field) => values[field.name] !== undefined);
      const columns = fields.map((field) => field.column);
      const sql =
        fields.length > 0
          ? `INSERT INTO ${storage.table} (${columns.join(', ')}) VALUES (${fields.map((_, index) => `$${index + 1}`).join(', ')})`
          : `INSERT INTO ${storage.table} DEFAULT VALUES`;
      const { rows } = await q.query<{ id: string }>(`${sql} RETURNING ${id.column}::text AS id`, fields.map((field) => values[field.name]));
      return (rows[0] as { id: string }).id;
    },

    /** Writes the values; the table's trigger bumps `version` and `updated_at`. */
    async update(q: Queryable, key: string, values: Record<string, unknown>): Promise<void> {
      const fields = model.stored.filter((field) => values[field.name] !== undefined);
      if (fields.length === 0) return;
      await q.query(
        `UPDATE ${storage.table} SET ${fields.map((field, index) => `${field.column} = $${index + 2}`).join(', ')} WHERE ${id.column} = $1`,
        [key, ...fields.map((field) => values[field.name])],
      );
    },

    async remove(q: Queryable, key: string): Promise<void> {
      await q.query(`DELETE FROM ${storage.table} WHERE ${id.column} = $1`, [key]);
    },
  };
}

export type CrudRepository = ReturnType<typeof createCrudRepository>;
