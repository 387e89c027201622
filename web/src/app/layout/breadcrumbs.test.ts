import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumbs';

describe('breadcrumb trail', () => {
  it.each([
    ['/', []],
    ['/start', []],
    ['/v1/profile', []],
    ['/v1/organization/1/handle', []],
    ['/import', [['Start', '/'], ['Inläsningar']]],
    ['/import/', [['Start', '/'], ['Inläsningar']]],
    ['/import/12', [['Start', '/'], ['Inläsningar', '/import'], ['Sammanfattning']]],
    ['/import/legacy/legacy-0002', [['Start', '/'], ['Inläsningar', '/import'], ['Sammanfattning']]],
    ['/import/12/extra', []],
  ])('%s gives %j', (pathname, expected) => {
    expect(
      breadcrumbTrail(pathname).map((crumb) => (crumb.to ? [crumb.label, crumb.to] : [crumb.label])),
    ).toEqual(expected);
  });
});
