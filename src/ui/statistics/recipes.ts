import { segmentGroupSlotRecipe, tableSlotRecipe } from '@chakra-ui/react/theme';

/**
 * The recipes only this screen uses, handed to its components through their `recipe` prop rather
 * than registered in the app's system (src/ui/theme/recipes.ts): they load with the statistics
 * route instead of adding to the JavaScript every route (the login route first) loads.
 */
export const tableRecipe = tableSlotRecipe;
export const segmentGroupRecipe = segmentGroupSlotRecipe;
