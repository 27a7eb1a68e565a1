import Value from 'typebox/value';
import { expect, it } from 'vitest';
import { staffNotices } from '../../../common/resources/staff-notices';
import type { FieldDefinition, ResourceDefinition } from '../../../common/resources/types';
import { crudModel, filterableFields } from '../../../server/src/modules/crud/model';
import { createCrudRepository } from '../../../server/src/modules/crud/repository';
import { listQuerySchema } from '../../../server/src/modules/crud/schemas';
import { describeEachDatabase } from '../helper';

// The list's filter kinds on the server: a multiSelect goes the select's way (`a,b` is any of
// them), and the field a list's status tabs name takes `?{field}=` even with no column filter.

const withSeverity = (list: FieldDefinition['list'], resourceList?: ResourceDefinition['list']): ResourceDefinition => ({
  ...staffNotices,
  fields: (staffNotices.fields ?? []).map((field) => (field.name === 'severity' ? { ...field, list } : field)),
  ...(resourceList ? { list: resourceList } : {}),
});
const multi = withSeverity({ sortable: true, filter: 'multiSelect' });
const tabbed = withSeverity({ sortable: true }, { tabs: 'severity' });
const plain = withSeverity({ sortable: true });

it('accepts ?severity= for a multiSelect column and for the tabs field only', () => {
  for (const definition of [multi, tabbed]) {
    const model = crudModel(definition);
    expect(filterableFields(model).map((field) => field.name)).toContain('severity');
    expect(Value.Check(listQuerySchema(model), { severity: 'info,critical' })).toBe(true);
  }
  const model = crudModel(plain);
  expect(filterableFields(model).map((field) => field.name)).not.toContain('severity');
  expect(Value.Check(listQuerySchema(model), { severity: 'info' })).toBe(false);
});

describeEachDatabase('generic list filters', (suite) => {
  it('a multiSelect finds any of its values, a tab its one', async () => {
    const app = await suite.build();
    await suite.sql(
      `INSERT INTO staff_notices (title, severity, starts_at, expires_at)
       SELECT 'filter ' || s || ' ' || g, s, now(), now() + interval '1 day'
       FROM unnest(ARRAY['info', 'warning', 'critical']) AS s, generate_series(1, 3) AS g`,
    );
    const severities = async (definition: ResourceDefinition, severity: string) => {
      const page = await createCrudRepository(crudModel(definition)).list(app.db, { q: 'filter', filters: { severity }, pageSize: 100 });
      return { total: page.total, values: [...new Set(page.rows.map((row) => row.severity))].sort() };
    };
    expect(await severities(multi, 'info,critical')).toEqual({ total: 6, values: ['critical', 'info'] });
    expect(await severities(multi, 'warning')).toEqual({ total: 3, values: ['warning'] });
    expect(await severities(tabbed, 'critical')).toEqual({ total: 3, values: ['critical'] });
  });
});
