// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import { StatusTabs, tabsOf } from '../../../src/pages/generic/status-tabs';
import { staffNotices } from '../../../common/resources/staff-notices';
import type { ResourceDefinition } from '../../../common/resources/types';

// Status tabs: "All" and one tab per option (or workflow state) of the field `list.tabs` names;
// choosing one hands the value to the list, "All" hands none.

const tabbed: ResourceDefinition = { ...staffNotices, list: { tabs: 'severity' } };

describe('status tabs', () => {
  it('take a select field\'s options, a workflow\'s states, and nothing without tabs', () => {
    expect(tabsOf(tabbed).map((tab) => tab.value)).toEqual(['info', 'warning', 'critical']);
    const workflow: ResourceDefinition = {
      ...tabbed,
      list: { tabs: 'state' },
      workflow: { field: 'state', states: [{ value: 'open', labelKey: 'a' }, { value: 'done', labelKey: 'b' }], transitions: [] },
    };
    expect(tabsOf(workflow).map((tab) => tab.value)).toEqual(['open', 'done']);
    expect(tabsOf(staffNotices)).toEqual([]);
  });

  it('mark the tab in force and hand over the one chosen', () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('es')}>
        <StatusTabs definition={tabbed} value="warning" onChange={onChange} />
      </I18nextProvider>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Todos', expect.any(String), expect.any(String), expect.any(String)]);
    expect(tabs.find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent).toBe(tabs[2]?.textContent);
    fireEvent.click(tabs[3] as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith('critical');
    fireEvent.click(tabs[0] as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
