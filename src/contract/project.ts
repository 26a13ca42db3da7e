// Projects (issue 34), as the hosted service spells them: GET/POST /organizations/:name/projects,
// GET/PATCH/DELETE /projects/:id. Moving a workspace between projects is a workspace update (rule 8).
import { z } from 'zod';
import { relationshipSchema } from './jsonapi';

export const PROJECT_TYPE = 'projects';
export const PROJECT_NAME_MAX = 40;
export const PROJECT_DESCRIPTION_MAX = 256;
/** The hosted service's rule for a project's name: letters, digits, spaces, `-` and `_`, 3 to 40 characters. */
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9 _-]{3,40}$/;

const projectName = z.string().regex(PROJECT_NAME_PATTERN, 'name must be 3 to 40 letters, digits, spaces, "-" or "_"');
const projectDescription = z.string().max(PROJECT_DESCRIPTION_MAX, `description must be at most ${PROJECT_DESCRIPTION_MAX} characters`);

const projectBody = <T extends z.ZodType>(attributes: T) =>
  z.looseObject({ data: z.looseObject({ type: z.literal(PROJECT_TYPE, `type must be "${PROJECT_TYPE}"`), attributes }) });

export const projectCreateBodySchema = projectBody(z.looseObject({ name: projectName, description: projectDescription.optional() }));
export const projectUpdateBodySchema = projectBody(
  z.looseObject({ name: projectName.optional(), description: projectDescription.optional() }).optional().default({}),
);

export const projectResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(PROJECT_TYPE),
  attributes: z.looseObject({ name: z.string(), description: z.string(), 'is-default': z.boolean().optional() }),
  relationships: z.record(z.string(), relationshipSchema).optional(),
});
export const projectDocumentSchema = z.looseObject({ data: projectResourceSchema });
export const projectListDocumentSchema = z.looseObject({ data: z.array(projectResourceSchema) });
