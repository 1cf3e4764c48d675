import type { CapacitySettings, CapacitySettingsFields } from '@pruefbuch/domain/schemas/capacity';
import type { EntityEditor } from '@/components/ui/entity-editor/use-entity-editor';

/** What the settings drawer edits: the settings' fields and the version they were read with. */
export type SettingsValues = CapacitySettingsFields & { __v: number };
export type SettingsForm = EntityEditor<SettingsValues, CapacitySettings>['form'];
