import { describe, expect, it } from 'vitest';
import { HTTPException } from 'hono/http-exception';
import { ConflictError, InvalidInputError, NotFoundError } from '@fmea/core';
import { translate } from '@fmea/core/i18n';
import { errorAnswer } from './errors.ts';

describe('the one error envelope', () => {
  it('carries a domain error’s kind, key, params and issues, each issue translated with its field’s label', () => {
    const error = new InvalidInputError('validation.failed', {}, [
      { messageKey: 'validation.required', field: 'realName', params: { field: 'realName' } },
      { messageKey: 'validation.too_long', field: 'name', row: 4, params: { field: 'name', max: 200 } },
    ]);
    const { status, envelope } = errorAnswer(error, 'en-US');
    expect(status).toBe(400);
    expect(envelope.meta).toEqual({ success: false, code: 400, message: 'Form validation failed\nReal name cannot be empty\nRow 4: Name can be at most 200 characters long' });
    expect(envelope.data).toEqual({
      code: 'invalid_input',
      messageKey: 'validation.failed',
      params: {},
      issues: [
        { messageKey: 'validation.required', field: 'realName', params: { field: 'realName' }, message: 'Real name cannot be empty' },
        { messageKey: 'validation.too_long', field: 'name', row: 4, params: { field: 'name', max: 200 }, message: 'Name can be at most 200 characters long' },
      ],
    });
  });

  it('repeats a numeric params.count as data.count (a change that asks for confirmation)', () => {
    const { status, envelope } = errorAnswer(new ConflictError('fmea.node_in_use', { count: 3 }), 'zh-CN');
    expect(status).toBe(409);
    expect(envelope.data).toMatchObject({ code: 'conflict', messageKey: 'fmea.node_in_use', params: { count: 3 }, issues: [], count: 3 });
    expect(errorAnswer(new NotFoundError('error.not_found', { count: 'x' }), 'en-US').envelope.data).not.toHaveProperty('count');
  });

  it('leads an issue from another sheet of a workbook with its sheet and row', () => {
    const issue = { messageKey: 'validation.required', field: 'name', row: 7, params: { field: 'name', sheet: 'Actions' } };
    const { envelope } = errorAnswer(new InvalidInputError('validation.failed', {}, [issue]), 'en-US');
    const prefix = translate('en-US', 'import.sheet_row_prefix', { row: 7, sheet: 'Actions' });
    expect(envelope.data.issues[0]!.message).toBe(`${prefix}Name cannot be empty`);
    expect(envelope.meta.message.split('\n')[1]).toBe(`${prefix}Name cannot be empty`);
  });

  it('answers Hono’s refusals and unexpected failures in the same shape', () => {
    expect(errorAnswer(new HTTPException(413), 'en-US')).toEqual({
      status: 413,
      envelope: { meta: { success: false, code: 413, message: translate('en-US', 'request.too_large') }, data: { code: 'invalid_input', messageKey: 'request.too_large', params: {}, issues: [] } },
    });
    expect(errorAnswer(new HTTPException(400), 'zh-CN').envelope.data).toMatchObject({ code: 'invalid_input', messageKey: 'request.malformed' });
    expect(errorAnswer(new Error('disk on fire'), 'en-US')).toEqual({
      status: 500,
      envelope: { meta: { success: false, code: 500, message: translate('en-US', 'error.system') }, data: { code: 'system_error', messageKey: 'error.system', params: {}, issues: [] } },
    });
  });
});
