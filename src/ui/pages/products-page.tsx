import { Text } from '@chakra-ui/react';
import { teamCurrency } from '../../machines/product-schedule/draft';
import { selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { ProductsScreen } from '../products/products-screen';
import { PageHeading } from './page-heading';

/** `/products`: the team's products, their mail content per OTA and their schedules. */
export function ProductsPage() {
  const team = SessionContext.useSelector(selectTeam);
  return (
    <>
      <PageHeading />
      {/* another team is another screen */}
      {team ? (
        <ProductsScreen
          key={`${team.id} ${team.role}`}
          teamId={team.id}
          role={team.role}
          currency={teamCurrency(team.code)}
        />
      ) : (
        <Text color="fg.muted">Choose a team to see its products.</Text>
      )}
    </>
  );
}
