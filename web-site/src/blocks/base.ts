/**
 * What every block relies on, on the page and in the console's previews (a shadow root there):
 * box sizing, `hidden`, inherited fonts on buttons and links, the focus ring, visually hidden
 * text and the stroke icons.
 */
export const BLOCK_BASE_CSS = `*,::before,::after{box-sizing:border-box}
[hidden]{display:none!important}
button{font:inherit;color:inherit;cursor:pointer}
a{color:inherit}
:focus-visible{outline:2px solid #fff;outline-offset:1px;box-shadow:0 0 0 4px #0b57d0}
.vh{position:absolute!important;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.ic{width:24px;height:24px;fill:none;stroke:currentColor;stroke-width:1.8;stroke-linecap:round;stroke-linejoin:round;flex:none}
`

/** Motion stops for visitors who ask for less (every animation and transition of every block). */
export const BLOCK_MOTION_CSS = `@media (prefers-reduced-motion:reduce){*,::before,::after{animation:none!important;transition:none!important}}
`
