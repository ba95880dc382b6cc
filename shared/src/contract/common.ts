/** Schemas several contexts' routes share: declared once here, imported by the context files. */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { PLAN_FEATURES, type PlanFeature } from '../plans.ts'

/** The `{id}` of a path such as `/users/{id}`. */
export const IdParams = /* @__PURE__ */ lazySchema(() => z.object({ id: z.string().min(1).max(64) }))

/** The version a delete was loaded at (optimistic lock), as a query parameter. */
export const VersionQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ version: z.coerce.number().int().positive() }),
)

/** A confirmation text for people, in the caller's language. */
export const ServerMessage = /* @__PURE__ */ lazySchema(() => z.object({ message: z.string() }))

/** An answer that is `schema` plus the server's confirmation text. */
export const withMessage = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend(ServerMessage.shape)

/** A presigned upload target (`functions/src/platform/services/uploads.ts` `presignPut`); header names stay as sent. */
export const PresignedUpload = /* @__PURE__ */ lazySchema(() =>
  z.object({
    uploadUrl: z.string(),
    key: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
)

/**
 * A plan's feature switches (SPEC §3 Plan), every one present: one object schema for the plan
 * editor and the site editor alike, so both answer (and document) `features` the same way, its
 * keys in snake_case on the wire like every other key.
 */
export const PlanFeaturesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object(
    Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, z.boolean()])) as Record<
      PlanFeature,
      z.ZodBoolean
    >,
  ),
)
