/**
 * The layout's breakpoints in px (docs/product.md, "Constants"): the only widths a media query
 * may name. CSS cannot read custom properties in @media, so the stylesheets write the numbers;
 * breakpoints.test.ts holds every stylesheet to these (a max-width is the next one less 0.02 px).
 */
export const breakpoints = { sm: 480, md: 640, lg: 1024, xl: 1280, xxl: 1920 } as const;
