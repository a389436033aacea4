'use client';
import { useQuery } from '@apollo/client/react';
import { useController, type Control } from 'react-hook-form';
import type { ProjectDraftValues } from '@/lib/projects/draft';
import { QProductCatalog } from '@/lib/projects/operations';
import { ProductPicker } from './product-picker';
import { ProjectFormSection } from './project-form-section';

/** The club's products used in the project, chosen from the whole catalogue. */
export function ProjectProductsSection({ control }: { control: Control<ProjectDraftValues> }) {
  const { data: catalogue } = useQuery(QProductCatalog, { variables: { search: null } });
  const { field, fieldState } = useController({ control, name: 'productIds' });
  return (
    <ProjectFormSection id="project-products-title" title="Produtos usados">
      <ProductPicker
        products={catalogue?.productCatalog ?? []}
        selected={field.value}
        error={fieldState.error?.message}
        onChange={field.onChange}
      />
    </ProjectFormSection>
  );
}
