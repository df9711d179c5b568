import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, NOTHING, type Read, rawOf } from './names.js';

const KEY = EXTENSION.roles;

/** `x-roles` on an operation: what the caller needs ("role super_user and Editor or higher workspace access"). */
export interface RoleRequirement {
  roles: string[];
  /** The lowest workspace access (`Editor`), when one is required. */
  workspaceAccess?: string;
}

/** Reads an operation's `x-roles`: `{roles: [..], workspaceAccess?}`. Only the mocks enforce it. */
export function readRoles(operation: unknown): Read<RoleRequirement> {
  const raw = rawOf(operation, KEY);
  if (raw === undefined) return NOTHING;
  if (!isObject(raw)) {
    return {
      value: undefined,
      problems: [
        { at: [KEY], message: '`x-roles` must be `{roles: [<role>, …], workspaceAccess?: <access>}`.' },
      ],
    };
  }
  const problems: Read<never>['problems'] = [];
  if (
    raw.roles !== undefined &&
    (!Array.isArray(raw.roles) || !raw.roles.every((role) => typeof role === 'string'))
  )
    problems.push({ at: [KEY, 'roles'], message: '`x-roles.roles` must be a list of role names.' });
  if (raw.workspaceAccess !== undefined && typeof raw.workspaceAccess !== 'string')
    problems.push({
      at: [KEY, 'workspaceAccess'],
      message: '`x-roles.workspaceAccess` must be a workspace access name (`Editor`).',
    });
  const roles = Array.isArray(raw.roles)
    ? raw.roles.filter((role): role is string => typeof role === 'string')
    : [];
  return {
    value: {
      roles,
      ...(typeof raw.workspaceAccess === 'string' ? { workspaceAccess: raw.workspaceAccess } : {}),
    },
    problems,
  };
}
