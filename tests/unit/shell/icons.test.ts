import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../common/resources/areas';
import { RESOURCES } from '../../../common/resources/registry';
import { ICONS } from '../../../src/shell/icons';

describe('icon map', () => {
  it('has every icon a resource or an area names', () => {
    const names = [...RESOURCES.map((definition) => definition.icon), ...AREAS.map((area) => area.icon)];
    expect(names.filter((name) => !(name in ICONS))).toEqual([]);
  });
});
