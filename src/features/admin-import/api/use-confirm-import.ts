import { invalidateCatalogue } from '@/features/admin-catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmImport } from './import-api';

/**
 * Applies a previewed import. Like any product save it refreshes the back office's products and the
 * shop's products, categories and search, so both show the imported rows at once.
 */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, createMissing }: { importId: string; createMissing: boolean }) =>
      confirmImport(importId, createMissing),
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
