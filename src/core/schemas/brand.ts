import { parse } from 'culori';
import { z } from 'zod';
import { Name, Text } from './primitives.ts';

/** A file in the content folder, named relative to it: no absolute path, no way out of the folder. */
const ContentFile = z
  .string()
  .min(1)
  .max(200)
  .refine((p) => !p.startsWith('/') && !p.includes('\\') && !p.split('/').includes('..'), {
    message: 'must be a file inside the content folder, named relative to it (e.g. "logo.svg")',
  });

const LOGO_TYPES = /\.(svg|png|webp)$/i;
const FONT_TYPES = /\.(woff2|woff|ttf|otf)$/i;
const ICON_TYPES = /\.(svg|png|webp|ico)$/i;

/** Any colour CSS reads: a name, hex, rgb(), hsl(), lab(), oklch()… (culori parses the same syntax). */
export const CssColor = z
  .string()
  .trim()
  .refine((c) => parse(c) !== undefined, { message: 'is not a CSS colour culori can read (e.g. "#0e7c86", "rebeccapurple", "oklch(60% 0.1 200)")' })
  .refine((c) => (parse(c)?.alpha ?? 1) === 1, { message: 'must be opaque: a see-through brand colour has no contrast of its own' });

export const BrandSchema = z
  .object({
    logo: z
      .object({
        file: ContentFile.refine((f) => LOGO_TYPES.test(f), { message: 'must be an SVG, PNG or WebP file' }),
        alt: Name.optional().describe("What the logo says, for screen readers (default: the business's name)"),
        replaces_title: z.boolean().default(false).describe("Show the logo instead of the business's name as the page's heading"),
      })
      .optional()
      .describe('The logo, shown in the header, the widget, the embed page, the MCP App and the preview cards'),
    favicon: ContentFile.refine((f) => ICON_TYPES.test(f), { message: 'must be an SVG, PNG, WebP or ICO file' })
      .optional()
      .describe('The tab icon (default: the logo)'),
    color: CssColor.optional().describe('The brand colour, used as given for the header band and the buttons; every other shade is derived from it'),
    second_color: CssColor.optional().describe('A second colour, for the stars and the rating bars (made darker or lighter where contrast needs it)'),
    scheme: z.enum(['auto', 'light', 'dark']).default('auto').describe('"auto" follows the reader\'s light or dark setting; "light" or "dark" pins one'),
    font: z
      .object({
        stack: Text.max(300)
          .regex(/^[^;{}<>]*$/, { message: 'must be a CSS font-family list (no ; { } < >)' })
          .optional()
          .describe('A CSS font-family list, e.g. "Georgia, serif"'),
        file: ContentFile.refine((f) => FONT_TYPES.test(f), { message: 'must be a WOFF2, WOFF, TTF or OTF file' })
          .optional()
          .describe('A font file in the content folder, served from the site itself (no third-party font host)'),
      })
      .optional(),
    links: z
      .object({
        home: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe("The client's home page (default: the business's url)"),
        booking: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe('Where to book a service'),
        phone: z.boolean().default(true).describe("Show the business's telephone as a call button"),
      })
      .optional(),
  })
  .describe("The client's brand; every key is optional (docs/theming.md)");

export type Brand = z.infer<typeof BrandSchema>;
export const LOGO_MAX_BYTES = 200 * 1024;
export const FONT_MAX_BYTES = 400 * 1024;
export const THEME_CSS_FILE = 'theme.css';
