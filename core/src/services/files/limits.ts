import { FILE_KINDS } from '../../db/schema/file.ts';

export { FILE_KINDS };
export type FileKind = (typeof FILE_KINDS)[number];

/** The file signatures we recognise from the first bytes. */
export type Signature = 'png' | 'jpeg' | 'pdf' | 'zip' | 'ole';

/** Accepted extensions: the MIME type we serve them with and the signature their bytes must start with. */
export const FILE_TYPES = {
  png: { mime: 'image/png', signature: 'png' },
  jpg: { mime: 'image/jpeg', signature: 'jpeg' },
  jpeg: { mime: 'image/jpeg', signature: 'jpeg' },
  pdf: { mime: 'application/pdf', signature: 'pdf' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', signature: 'zip' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', signature: 'zip' },
  xls: { mime: 'application/vnd.ms-excel', signature: 'ole' },
  doc: { mime: 'application/msword', signature: 'ole' },
} as const satisfies Record<string, { mime: string; signature: Signature }>;

export type FileExtension = keyof typeof FILE_TYPES;

export interface FileLimit {
  readonly extensions: readonly FileExtension[];
  readonly maxBytes: number;
  /** Avatar and logo pictures must be 1:1 (spec 000 §5). */
  readonly square?: boolean;
}

const MB = 1024 * 1024;
const OFFICE_AND_PDF = ['xls', 'xlsx', 'doc', 'docx', 'pdf'] as const;

/**
 * Upload limits per kind (spec 000 §9, 001 §5): pictures jpg/png 2M, avatar and
 * logo 1M and square, spreadsheet imports xls/xlsx 1M (BOM 3M), attachments
 * Excel/Word/PDF 10M or 25M.
 */
export const FILE_LIMITS = {
  image: { extensions: ['jpg', 'jpeg', 'png'], maxBytes: 2 * MB },
  avatar: { extensions: ['jpg', 'jpeg', 'png'], maxBytes: 1 * MB, square: true },
  logo: { extensions: ['jpg', 'jpeg', 'png'], maxBytes: 1 * MB, square: true },
  spreadsheet: { extensions: ['xls', 'xlsx'], maxBytes: 1 * MB },
  bom: { extensions: ['xls', 'xlsx'], maxBytes: 3 * MB },
  attachment: { extensions: OFFICE_AND_PDF, maxBytes: 10 * MB },
  largeAttachment: { extensions: OFFICE_AND_PDF, maxBytes: 25 * MB },
} as const satisfies Record<FileKind, FileLimit>;

/** At most 5 attachments per request (spec 000 §9). */
export const MAX_FILES_PER_REQUEST = 5;

/** The kinds pictures are served inline for (an `<img>` shows them); everything else downloads. */
export const INLINE_KINDS: readonly FileKind[] = ['image', 'avatar', 'logo'];

/** Stored file ids as the download calls accept them: a UUID, nothing that could name a path. */
export const FILE_NAME_PATTERN = /^[0-9a-f-]{36}$/;

export function isFileKind(value: string): value is FileKind {
  return (FILE_KINDS as readonly string[]).includes(value);
}
