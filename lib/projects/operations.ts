// Documents of operations.graphql, one typed export each (codegen): a page ships only the documents it imports.
export {
  ProjectPhotoFieldsFragmentDoc as ProjectPhotoFields,
  ProjectCardFieldsFragmentDoc as ProjectCardFields,
  ProjectFieldsFragmentDoc as ProjectFields,
  QProjectsDocument as QProjects,
  QProjectDocument as QProject,
  QProductCatalogDocument as QProductCatalog,
  QProjectLinkOptionsDocument as QProjectLinkOptions,
  MUploadProjectPhotoDocument as MUploadProjectPhoto,
  MSubmitProjectDocument as MSubmitProject,
  MResendProjectDocument as MResendProject,
} from '../graphql/generated/graphql';
