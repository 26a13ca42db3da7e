// SSH keys of an organization (GET/POST /organizations/:name/ssh-keys, GET/PATCH/DELETE
// /ssh-keys/:id). The key itself (`value`) is write-only: accepted on create and update, never
// answered.
import { z } from 'zod';

export const SSH_KEY_TYPE = 'ssh-keys';
export const SSH_KEY_NAME_MAX = 255;
/** A private key in OpenSSH or PEM form is a few kilobytes; anything far larger is not one. */
export const SSH_KEY_VALUE_MAX = 16 * 1024;

const sshKeyName = z.string().trim().min(1, 'name must not be empty').max(SSH_KEY_NAME_MAX, `name must be at most ${SSH_KEY_NAME_MAX} characters`);
const sshKeyValue = z.string().min(1, 'value must not be empty').max(SSH_KEY_VALUE_MAX, `value must be at most ${SSH_KEY_VALUE_MAX} characters`);

const sshKeyBody = <T extends z.ZodType>(attributes: T) =>
  z.looseObject({
    data: z.looseObject({
      type: z.literal(SSH_KEY_TYPE, `type must be "${SSH_KEY_TYPE}"`),
      attributes,
    }),
  });

export const sshKeyCreateBodySchema = sshKeyBody(z.looseObject({ name: sshKeyName, value: sshKeyValue }));
export const sshKeyUpdateBodySchema = sshKeyBody(z.looseObject({ name: sshKeyName.optional(), value: sshKeyValue.optional() }).optional().default({}));

export const sshKeyResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(SSH_KEY_TYPE),
  attributes: z.looseObject({ name: z.string() }),
});
export const sshKeyDocumentSchema = z.looseObject({ data: sshKeyResourceSchema });
export const sshKeyListDocumentSchema = z.looseObject({ data: z.array(sshKeyResourceSchema) });
