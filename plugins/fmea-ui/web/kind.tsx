import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ProjectRouteName, ProjectType } from '@fmea/core/domain';
import type { HeaderTextKey } from './list/header-draft.ts';

/**
 * What tells a design FMEA's pages from another kind's that shares them (the
 * PFMEA plugin): the project type the list asks for and saves, the area's route
 * (buttons), the project page's micro route, how team members hold roles
 * (design: one role each; process: a list, spec 001 §3) and the wording that
 * differs. The DFMEA pages use DFMEA_KIND; another plugin wraps the shared
 * components in <FmeaKindProvider> with its own.
 */
export interface FmeaKind {
  /** The project type the pages serve first; what differs between types is read from core's kind record (`kindOf`). */
  readonly projectType: ProjectType;
  /** The project types the kind's list shows and creates, in order, with their names; with one, no type is offered. */
  readonly listTypes: readonly { readonly type: ProjectType; readonly label: MessageDescriptor }[];
  readonly route: ProjectRouteName;
  readonly memberKind: 'design' | 'process';
  /** Wording of this kind (from its own plugin's catalog); absent: the DFMEA wording. */
  readonly texts?: FmeaKindTexts;
  /** How a structure node reads in trees and the mind map (a process step with its number, a work element with its 4M type); absent: its name. */
  readonly nodeLabel?: NodeLabel;
  /** The kind's own workbook and new-project dialog where the FMEA form's do not fit (an FMEDA's worksheet); absent: the FMEA form's. */
  readonly workbook?: KindWorkbook;
}

/**
 * A kind whose projects are not written in the AIAG-VDA form (an FMEDA): its new-project dialog, its
 * import (a new project from its workbook) and its export; FMEA templates are then not offered.
 */
export interface KindWorkbook {
  readonly NewProjectDialog: ComponentType<{ onClose: () => void; onCreated: (project: { id: string; projectType: string }) => void }>;
  /** Absent: the kind's projects are not imported from a file (a DRBFM starts from an EWO or is entered). */
  readonly ImportDialog?: ComponentType<{ onClose: () => void; onImported: () => void }>;
  readonly exportProject: (project: { id: string; serialNum: string }) => Promise<void>;
}

/** A structure node as the trees show it: the structure tree's and the analysis's nodes both have these. */
export interface LabelledNode {
  readonly name: string;
  readonly processNo?: string | null;
  readonly workElementType?: string | null;
  /** A process step's flow chart symbol (the structure tree's read has it; null: none chosen). */
  readonly flowSymbol?: string | null;
}
export type NodeLabel = (node: LabelledNode) => ReactNode;

export interface FmeaKindTexts {
  readonly listTitle: string;
  readonly newProject: string;
  readonly templatesTitle: string;
  /** The legend of the form's header block (the AIAG-VDA header). */
  readonly headerLegend: string;
  /** Header fields relabelled for this kind (same fields, the handbook's names). */
  readonly headerLabels: Partial<Record<HeaderTextKey, string>>;
  /** The risk grid's structure and function columns in this kind's words (the handbook's form headings). */
  readonly gridLabels?: Partial<Record<RiskGridStructureColumn, string>>;
}

export type RiskGridStructureColumn = 'higherElement' | 'element' | 'lowerElement' | 'function';

export const DFMEA_KIND: FmeaKind = {
  projectType: 'dfmea',
  listTypes: [
    { type: 'dfmea', label: msg`DFMEA` },
    { type: 'family', label: msg`Family FMEA` },
    { type: 'msr', label: msg`FMEA-MSR` },
  ],
  route: 'dfmea_index',
  memberKind: 'design',
};

const FmeaKindContext = createContext<FmeaKind>(DFMEA_KIND);

export function FmeaKindProvider({ kind, children }: { kind: FmeaKind; children: ReactNode }) {
  return <FmeaKindContext.Provider value={kind}>{children}</FmeaKindContext.Provider>;
}

/** The kind of FMEA the shared pages serve: DFMEA unless a provider says otherwise. */
export const useFmeaKind = (): FmeaKind => useContext(FmeaKindContext);
