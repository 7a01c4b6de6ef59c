import { z } from 'zod';
import { MACHINE_STATUSES, MACHINE_TYPES, type MachineType } from './catalog.js';
import { idParamsSchema, idSchema, NotFoundMessages } from './ids.js';

export const MachineMessages = {
  nameRequired: 'Machine name is required',
  locationRequired: 'Location is required',
  typeRequired: 'Machine type is required',
  serialNumberRequired: 'Serial number is required',
  invalidStatus: 'Status must be active, maintenance or inactive',
  notFound: NotFoundMessages.machine,
  captionTooLong: 'The caption must be at most 60 characters',
  captionControlCharacters: 'The caption cannot contain control characters',
  noMachinesToPrint: 'Add a machine first to print its QR code.',
} as const;

/** The caption printed under a machine's QR code unless the operator writes another (spec core 5). */
export const DEFAULT_QR_CAPTION = 'Scan to vote for products';
export const QR_CAPTION_MAX_LENGTH = 60;

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const machineFields = {
  name: requiredText(MachineMessages.nameRequired, 100),
  location: requiredText(MachineMessages.locationRequired),
  address: z
    .string({ error: 'Address must be text' })
    .trim()
    .max(300, 'Must be at most 300 characters')
    .nullable()
    .transform((value) => value || null),
  type: z.enum(Object.keys(MACHINE_TYPES) as [MachineType, ...MachineType[]], { error: MachineMessages.typeRequired }),
  serialNumber: requiredText(MachineMessages.serialNumberRequired, 100),
  status: z.enum(MACHINE_STATUSES, { error: MachineMessages.invalidStatus }),
};

export const MachineInputSchema = z.strictObject({
  ...machineFields,
  address: machineFields.address.optional(),
  status: machineFields.status.default('active'),
});
export type MachineInput = z.input<typeof MachineInputSchema>;
/** A checked machine payload: trimmed, status filled in. */
export type MachineFields = z.output<typeof MachineInputSchema>;

/** PATCH: any of the same fields; a field left out keeps its value. */
export const MachineUpdateSchema = z.strictObject({
  name: machineFields.name.optional(),
  location: machineFields.location.optional(),
  address: machineFields.address.optional(),
  type: machineFields.type.optional(),
  serialNumber: machineFields.serialNumber.optional(),
  status: machineFields.status.optional(),
});
export type MachineUpdate = z.input<typeof MachineUpdateSchema>;
export type MachineChanges = z.output<typeof MachineUpdateSchema>;

const MachineTypeSchema = z.enum(Object.keys(MACHINE_TYPES) as [MachineType, ...MachineType[]]);

/** A machine as its owner sees it. */
export const MachineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  address: z.string().nullable(),
  type: MachineTypeSchema,
  serialNumber: z.string(),
  status: z.enum(MACHINE_STATUSES),
  userId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Machine = z.infer<typeof MachineSchema>;

/** What anyone may read of a machine: enough to label its vote page. */
export const PublicMachineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
});
export type PublicMachine = z.infer<typeof PublicMachineSchema>;

/**
 * `GET /api/machines/{id}`: the owner gets the whole machine, anyone else the public part. The
 * full shape is tried first; a public answer lacks its fields, so it falls through to the second.
 */
export const MachineViewSchema = z.union([MachineSchema, PublicMachineSchema]);

export const MachineIdParamsSchema = idParamsSchema('machine');

export const QrCodeRequestSchema = z.strictObject({
  // Forms send the id as a string, code as a number; both mean the same machine.
  machineId: idSchema('machine'),
  customText: z
    .string({ error: 'The caption must be text' })
    .trim()
    .max(QR_CAPTION_MAX_LENGTH, MachineMessages.captionTooLong)
    // XML 1.0, which the image is drawn from, cannot carry control characters, lone surrogates or U+FFFE/U+FFFF.
    .regex(/^[^\p{Cc}\p{Cs}\uFFFE\uFFFF]*$/u, MachineMessages.captionControlCharacters)
    .default(DEFAULT_QR_CAPTION),
});
export type QrCodeRequest = z.input<typeof QrCodeRequestSchema>;

export const QrSheetQuerySchema = z.object({
  customText: QrCodeRequestSchema.shape.customText,
});
