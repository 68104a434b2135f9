/** Placeholder (ONBOARDING work of issue 4): the timezone alert and the OTA account dialog over any screen. */
export function GlobalDialogs() {
  return null;
}
