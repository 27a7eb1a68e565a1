import type { BaseRecord } from '@refinedev/core';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Workflow } from './use-workflow';

interface Props {
  workflow: Workflow;
  record: BaseRecord;
  /** The record's id, for the test ids. */
  id: string;
  size?: 'small' | 'middle';
}

/**
 * The transitions a record's state offers the caller, as buttons (a list row's, a show page's
 * header). One maker-checker forbids is drawn disabled, its tooltip saying someone else must do it.
 */
export function TransitionButtons({ workflow, record, id, size = 'middle' }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {workflow.offered(record).map(({ transition, blocked }) => {
        const label = t(transition.labelKey);
        const button = (
          <Button
            key={transition.name}
            size={size}
            danger={Boolean(transition.danger)}
            disabled={blocked !== undefined}
            aria-keyshortcuts={transition.hotkey}
            onClick={() => workflow.performOne(transition, record)}
            data-testid={`transition-${transition.name}-${id}`}
          >
            {label}
          </Button>
        );
        if (!blocked && !transition.hotkey) return button;
        const tip = blocked ? t('workflow.makerChecker') : t('workflow.hotkey', { key: transition.hotkey });
        // A disabled button gets no pointer events: the wrapper carries the tooltip (and its focus, for the keyboard).
        return (
          <Tooltip key={transition.name} title={tip}>
            {blocked ? (
              <span tabIndex={0} aria-label={`${label}: ${tip}`} data-testid={`transition-blocked-${transition.name}-${id}`}>
                {button}
              </span>
            ) : (
              button
            )}
          </Tooltip>
        );
      })}
    </>
  );
}
