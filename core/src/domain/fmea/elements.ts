import type { Issue } from '../../errors.ts';
import { fieldIssue, oneOfIssues, optionalText, requiredText } from './fields.ts';
import { CHARACTERISTIC_CLASSES, INTERFACE_TYPES } from './vocabulary.ts';

/** A structure node's name (required, 200 at most) and optional image file name. */
export function nodeIssues(fields: { readonly name?: unknown; readonly imageName?: unknown }, { partial = false } = {}): Issue[] {
  return [
    ...(!partial || fields.name !== undefined ? requiredText(fields.name, 'name') : []),
    ...optionalText(fields.imageName, 'imageName'),
  ];
}

/** A characteristic: a name, one of the four classes, and whether it is special. */
export function characteristicIssues(
  fields: { readonly name?: unknown; readonly characteristicClass?: unknown; readonly special?: unknown },
  { partial = false } = {},
): Issue[] {
  const issues: Issue[] = [];
  if (!partial || fields.name !== undefined) issues.push(...requiredText(fields.name, 'name'));
  if (!partial || fields.characteristicClass !== undefined) {
    issues.push(...oneOfIssues(fields.characteristicClass, CHARACTERISTIC_CLASSES, 'characteristicClass'));
  }
  if (fields.special !== undefined && typeof fields.special !== 'boolean') {
    issues.push(fieldIssue('fmea.value_invalid', 'special', { value: String(fields.special) }));
  }
  return issues;
}

/**
 * An interface between two different structure nodes (block/boundary
 * diagram), typed 1 to 5 (physical connection, signal, energy, material,
 * human-machine).
 */
export function interfaceIssues(
  fields: { readonly firstNodeId?: unknown; readonly secondNodeId?: unknown; readonly interfaceType?: unknown; readonly description?: unknown },
  { partial = false } = {},
): Issue[] {
  const issues: Issue[] = [];
  if (!partial || fields.interfaceType !== undefined) {
    issues.push(...oneOfIssues(fields.interfaceType, Object.values(INTERFACE_TYPES), 'interfaceType'));
  }
  issues.push(...optionalText(fields.description, 'description'));
  if (fields.firstNodeId !== undefined && fields.firstNodeId === fields.secondNodeId) {
    issues.push(fieldIssue('fmea.interface_same_node', 'secondNodeId'));
  }
  return issues;
}
