// The zod-free rule objects that screens without zod read their fields' limits from (Add User, Suspend, the reset
// page, the absentees' message) are exactly what fieldRules reads from the schemas the API checks those calls with,
// required included; and the username's pattern is a valid HTML pattern that means what the schema's regex means.
import { describe, expect, it } from 'vitest';
import { fieldRules } from '../../src/lib/shared/forms';
import { htmlPattern } from '../../src/islands/ui/native-constraints';
import { USERNAME_PATTERN, accountFieldRules, suspendFieldRules } from '../../src/lib/shared/messages';
import { passwordResetConfirmSchema, suspendSchema, userCreateSchema } from '../../src/lib/shared/schemas';
import { broadcastFieldRules } from '../../src/lib/shared/broadcasts/rules';
import { absentMessageSchema } from '../../src/lib/shared/attendance/api';

describe('rule objects agree with their schemas', () => {
  it("Add User's username and password, and the reset page's password", () => {
    expect(fieldRules(userCreateSchema, 'username')).toEqual(accountFieldRules.username);
    expect(fieldRules(userCreateSchema, 'password')).toEqual(accountFieldRules.password);
    expect(fieldRules(passwordResetConfirmSchema, 'password')).toEqual(accountFieldRules.password);
  });

  it("Suspend's reason and the absentees' subject and message", () => {
    expect(fieldRules(suspendSchema, 'reason')).toEqual(suspendFieldRules.reason);
    expect(fieldRules(absentMessageSchema, 'subject')).toEqual(broadcastFieldRules.subject);
    expect(fieldRules(absentMessageSchema, 'message')).toEqual(broadcastFieldRules.message);
  });

  it("the username's pattern compiles under the v flag HTML uses and means the same", () => {
    const html = new RegExp(`^(?:${htmlPattern(USERNAME_PATTERN)!})$`, 'v');
    for (const sample of ['ama.mensah', 'a_b-c+d@e', 'ama mensah', 'ama/b', 'é', '-', '+@.'])
      expect(html.test(sample), sample).toBe(USERNAME_PATTERN.test(sample));
  });
});
