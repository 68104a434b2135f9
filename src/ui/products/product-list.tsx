import { Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import {
  selectCanLoadMore,
  selectListError,
  selectListView,
  selectLoadingMore,
  selectProducts,
  type ProductListActorRef,
} from '../../machines/product-list/selectors';
import { selectChosenId, type ProductsActorRef } from '../../machines/products/selectors';
import { PageFailed, PageLoading } from '../settings/page-state';

/** The team's products; choosing one opens its mail content. "Load more" asks for the next page. */
export function ProductList({ list, root }: { list: ProductListActorRef; root: ProductsActorRef }) {
  const products = useSelector(list, selectProducts);
  const view = useSelector(list, selectListView);
  const error = useSelector(list, selectListError);
  const canLoadMore = useSelector(list, selectCanLoadMore);
  const loadingMore = useSelector(list, selectLoadingMore);
  const chosenId = useSelector(root, selectChosenId);
  return (
    <Box as="nav" aria-label="Products" width={{ base: 'full', md: '300px' }} flexShrink={0} data-testid="product-list">
      {view === 'loading' && <PageLoading testId="products-loading" label="Loading products…" />}
      {view === 'failed' && (
        <PageFailed
          testId="products-failed"
          message={error ?? ''}
          onRetry={() => list.send({ type: 'products.retry' })}
        />
      )}
      {view === 'ready' && products.length === 0 && <Text color="fg.muted">No products</Text>}
      <Stack as="ul" gap="1" listStyleType="none">
        {products.map((product) => (
          <li key={product.id}>
            <chakra.button
              type="button"
              width="full"
              textAlign="start"
              px="3"
              py="2"
              borderRadius="md"
              borderWidth="1px"
              borderColor={product.id === chosenId ? 'primary.solid' : 'transparent'}
              bg={product.id === chosenId ? 'primary.subtle' : undefined}
              _hover={{ bg: 'primary.subtle' }}
              aria-current={product.id === chosenId ? 'true' : undefined}
              onClick={() => root.send({ type: 'product.choose', product })}
            >
              <Text fontWeight="bold">{product.name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {product.pack ? `${product.route} · ${product.pack}` : product.route}
              </Text>
            </chakra.button>
          </li>
        ))}
      </Stack>
      {view === 'ready' && error && (
        <Text color="fg.error" mt="2" data-testid="products-more-failed">
          {error}
        </Text>
      )}
      {(canLoadMore || loadingMore) && (
        <Button
          mt="2"
          size="sm"
          variant="outline"
          loading={loadingMore}
          disabled={!canLoadMore}
          onClick={() => list.send({ type: 'products.more' })}
        >
          {error ? 'Retry' : 'Load more'}
        </Button>
      )}
    </Box>
  );
}
