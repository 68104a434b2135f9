import {
  alertSlotRecipe,
  avatarSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  datePickerSlotRecipe,
  headingRecipe,
  iconRecipe,
  linkRecipe,
  menuSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Only the recipes the app renders: each one left out is bytes not shipped
 * (the default system carries about 90 KB gzip of them). Add a recipe here
 * when a screen starts using its component; adjust it in ./system.ts.
 */
export const recipes = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  datePicker: datePickerSlotRecipe,
  menu: menuSlotRecipe,
  toast: toastSlotRecipe,
};
