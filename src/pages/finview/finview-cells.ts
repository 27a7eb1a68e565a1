import type { CellComponent } from '../generic/cells/registry';
import { PLUGIN_CELLS } from './plugins/plugin-cells';
import { RuleOutputsCell, RuleTriggerCell } from './rules/rule-cells';
import { TemplateVersionCell } from './templates/template-cells';
import { OUTPUT_CELLS } from './videos/output-cells';

/** finview's named cells, by the names its definitions' columns give (src/registry/cells.ts adds them). */
export const FINVIEW_CELLS: Record<string, CellComponent> = {
  ...OUTPUT_CELLS,
  ...PLUGIN_CELLS,
  'finview-version': TemplateVersionCell,
  'finview-rule-trigger': RuleTriggerCell,
  'finview-rule-outputs': RuleOutputsCell,
};
