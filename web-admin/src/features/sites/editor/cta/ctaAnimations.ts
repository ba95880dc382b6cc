import type { CtaAnimation } from '../../api.ts'

/** The class of the preview button for an animation. */
export const animationClass = (animation: CtaAnimation): string =>
  `swipe-cta-preview__button--${animation.toLowerCase().replace('_', '-')}`

/**
 * The preview's styles: a phone-sized frame and one keyframe animation per CTA animation. Every
 * selector is under the `swipe-cta-preview` prefix; motion stops for users who ask for less.
 */
export const CTA_PREVIEW_CSS = `
.swipe-cta-preview__phone {
  width: 180px; height: 320px; padding: 8px; border-radius: 26px; background: #1f1f1f;
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.18);
}
.swipe-cta-preview__screen {
  position: relative; box-sizing: border-box; width: 100%; height: 100%; padding: 14px 10px;
  border-radius: 18px; overflow: hidden; display: flex; flex-direction: column; align-items: center;
  background: linear-gradient(160deg, #e6f4ff 0%, #f9f0ff 100%);
}
.swipe-cta-preview__screen[data-position="TOP"] { justify-content: flex-start; }
.swipe-cta-preview__screen[data-position="CENTER"] { justify-content: center; }
.swipe-cta-preview__screen[data-position="BOTTOM"] { justify-content: flex-end; }
.swipe-cta-preview__popup {
  box-sizing: border-box; width: 100%; padding: 10px 8px; border-radius: 12px; display: flex;
  flex-direction: column; align-items: center; gap: 8px; background: rgba(255, 255, 255, 0.94);
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);
}
.swipe-cta-preview__image { max-width: 100%; max-height: 72px; object-fit: contain; border-radius: 6px; }
.swipe-cta-preview__button {
  position: relative; display: inline-block; max-width: 100%; padding: 8px 16px; border-radius: 999px;
  font-size: 12px; font-weight: 700; line-height: 1.4; text-align: center; overflow-wrap: anywhere;
}
.swipe-cta-preview__button--pulse { animation: swipe-cta-pulse 1.2s ease-in-out infinite; }
@keyframes swipe-cta-pulse { 0%, 100% { transform: scale(1); } 50% { transform: scale(1.08); } }
.swipe-cta-preview__button--glow { animation: swipe-cta-glow 1.6s ease-in-out infinite; }
@keyframes swipe-cta-glow {
  0%, 100% { box-shadow: 0 0 2px 0 var(--swipe-cta-color); }
  50% { box-shadow: 0 0 16px 6px var(--swipe-cta-color); }
}
.swipe-cta-preview__button--bounce { animation: swipe-cta-bounce 1.4s cubic-bezier(0.28, 0.84, 0.42, 1) infinite; }
@keyframes swipe-cta-bounce {
  0%, 20%, 50%, 80%, 100% { transform: translateY(0); }
  40% { transform: translateY(-10px); }
  60% { transform: translateY(-5px); }
}
.swipe-cta-preview__button--shimmer { overflow: hidden; }
.swipe-cta-preview__button--shimmer::after {
  content: ''; position: absolute; inset: 0; transform: translateX(-100%);
  background: linear-gradient(110deg, transparent 30%, rgba(255, 255, 255, 0.65) 50%, transparent 70%);
  animation: swipe-cta-shimmer 2s ease-in-out infinite;
}
@keyframes swipe-cta-shimmer { 0% { transform: translateX(-100%); } 60%, 100% { transform: translateX(100%); } }
.swipe-cta-preview__button--glitch { animation: swipe-cta-glitch 1.8s steps(1) infinite; }
@keyframes swipe-cta-glitch {
  0%, 84%, 100% { transform: none; text-shadow: none; }
  86% { transform: translate(-2px, 1px) skewX(-8deg); text-shadow: 2px 0 #00e5ff, -2px 0 #ff2d55; }
  89% { transform: translate(2px, -1px); text-shadow: -2px 0 #00e5ff, 2px 0 #ff2d55; }
  92% { transform: translate(-1px, 0) skewX(6deg); text-shadow: 1px 0 #00e5ff; }
  95% { transform: none; text-shadow: -1px 0 #ff2d55; }
}
.swipe-cta-preview__button--wobble { animation: swipe-cta-wobble 1.6s ease-in-out infinite; }
@keyframes swipe-cta-wobble {
  0%, 100% { transform: rotate(0); }
  15% { transform: rotate(-5deg); }
  30% { transform: rotate(4deg); }
  45% { transform: rotate(-3deg); }
  60% { transform: rotate(2deg); }
  75% { transform: rotate(-1deg); }
}
.swipe-cta-preview__button--bubbly { animation: swipe-cta-bubbly 1.5s ease-in-out infinite; }
.swipe-cta-preview__button--bubbly::before,
.swipe-cta-preview__button--bubbly::after {
  content: ''; position: absolute; bottom: 100%; width: 7px; height: 7px; border-radius: 50%;
  background: var(--swipe-cta-color); opacity: 0; animation: swipe-cta-bubble 1.5s ease-out infinite;
}
.swipe-cta-preview__button--bubbly::before { left: 22%; }
.swipe-cta-preview__button--bubbly::after { left: 68%; animation-delay: 0.6s; }
@keyframes swipe-cta-bubbly {
  0%, 100% { transform: scale(1, 1); }
  30% { transform: scale(1.1, 0.9); }
  50% { transform: scale(0.94, 1.06); }
  70% { transform: scale(1.03, 0.97); }
}
@keyframes swipe-cta-bubble {
  0% { transform: translateY(8px) scale(0.4); opacity: 0; }
  30% { opacity: 0.85; }
  100% { transform: translateY(-16px) scale(1); opacity: 0; }
}
.swipe-cta-preview__button--pulse-out::after {
  content: ''; position: absolute; inset: 0; border-radius: inherit;
  animation: swipe-cta-pulse-out 1.6s ease-out infinite;
}
@keyframes swipe-cta-pulse-out {
  0% { box-shadow: 0 0 0 0 var(--swipe-cta-color); opacity: 0.8; }
  100% { box-shadow: 0 0 0 14px var(--swipe-cta-color); opacity: 0; }
}
@media (prefers-reduced-motion: reduce) {
  .swipe-cta-preview__button,
  .swipe-cta-preview__button::before,
  .swipe-cta-preview__button::after { animation: none !important; }
}
`
