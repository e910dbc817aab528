// The web app's API: one file per resource holding its hooks, fetchers and query keys. Screens import
// from here only (dependency-cruiser: web-api-through-index), never the raw client.
export { ApiError } from './ApiError';
export { configureApiClient } from './client';
export { queryKeys } from './queryKeys';
export { hasSessionCookie, clearReadableSessionCookies } from './session';
export {
  useUserInfo,
  useAccountOptions,
  useSubAccounts,
  useOffices,
  useLogin,
  useRegister,
  useLogout,
  useCreateSubAccount,
  useSetSubAccountDisabled,
} from './accounts';
export { useCategories, useProducts, useProduct, fetchProduct } from './catalogue';
export { navListQuery, useNavList, useProductPages } from './productLists';
export { useFavoritePage, useFavoritePages, useSetFavorite } from './favorites';
export { useFinishedPages, useOrderPages, PHONE_LIST_PAGE } from './phoneLists';
export { useMemberPlans, useMemberUpgrade } from './membership';
export { useSiteFigures, useAddInquiry } from './site';
export { noticesQuery, useNotices, useNotice } from './notices';
export { useMaterialFolders, useMaterialKeywords, useMaterials, useUploadMaterial, type MaterialUploadRoute } from './materials';
export {
  useFinishedList,
  useFinishedDetail,
  useFinishedVariants,
  useRefreshFinished,
  useDeleteFinished,
  useWithdrawPublicImages,
  useCombine,
  useCancelCombine,
  useJoinGroup,
  useAddRemark,
  useUpdateFinished,
  useBatchEditPage,
  useBatchEditSave,
  useRegenerate,
  useSkuBindings,
  useBindSku,
  useUnbindSku,
} from './finished';
export { useListingNames, useSetListingNames } from './listingNames';
export { useGroupTree, useAddGroup, useRenameGroup, useLockGroup, useDeleteGroup } from './groups';
export {
  useAddVariantToCart,
  addDesignToCart,
  useCartCount,
  useCartList,
  useCartSync,
  useSetCartQuantity,
  useRemoveFromCart,
} from './cart';
export { useCheckoutLines, useShippingCountries, useShippingMethods, useSavedAddresses, usePlaceOrder } from './checkout';
export {
  useOrderList,
  useOrderDetail,
  usePayOrder,
  useCancelOrder,
  useRetryProduction,
  usePayOrders,
  payOrdersInTurn,
  type BatchPayOutcome,
} from './orders';
export { useDownload } from './downloads';
export { fetchLayerRecord, composeArea, previewMockups, createSynthesis, resaveDesign, useMockupPreview, cutpieceUrl } from './design';
export { useJob, useJobs, jobQueryOptions, nextJobPoll, JOB_POLL_INTERVAL_MS } from './jobs';
export { parseBatchSheet, useStartBatchDesign } from './batchDesign';
export { useSupportContact } from './support';
export { useStores, useAddStore, useRenameStore, useDeleteStore, useConnectStore, useDisconnectStore, useStoreStock } from './stores';
export {
  usePriceTemplates,
  usePriceTemplate,
  useAddPriceTemplate,
  useUpdatePriceTemplate,
  useDeletePriceTemplate,
  useExchangeRates,
  usePriceRules,
  useAddPriceRule,
  useUpdatePriceRule,
  useDeletePriceRule,
} from './priceTemplates';
export {
  useTitleTemplates,
  useKeywordSets,
  useAddTitleTemplate,
  useUpdateTitleTemplate,
  useDeleteTitleTemplate,
  useAddKeywordSet,
  useUpdateKeywordSet,
  useDeleteKeywordSet,
  useTitlePreview,
  useSetShopTitleDefaults,
} from './titles';
export { useBannedWords, useAddBannedWords, useDeleteBannedWords, useCheckBannedWords } from './keywordsBan';
export {
  useBarcodeMakers,
  useBarcodes,
  useDeleteMaker,
  useSetMakerStatus,
  useCreateBarcodes,
  useSetBarcodeStatus,
  useImportBarcodes,
  useSetShopBarcodeMaker,
  barcodeImageUrl,
} from './barcodes';
export {
  useStartExport,
  useFirstPreview,
  useExportPreflight,
  useImageDomains,
  useExportRecords,
  useExportOutcome,
  useDeleteExports,
  isExportRunning,
  type ExportCall,
} from './exports';
export {
  useColorSizePreview,
  useVariantInfo,
  usePreflight,
  usePublish,
  usePublishRecords,
  useRetryPublish,
  isPublishRunning,
  tallyRunning,
  nextPublishPoll,
  type PublishCall,
  type VariantChoice,
} from './publish';
export { useExportTemplates, type ExportTemplateKind, type ExportTemplateOption } from './templatesByStore';
export {
  useWatermarks,
  useWatermark,
  useAddWatermark,
  useUpdateWatermark,
  useDeleteWatermarks,
  uploadWatermarkImage,
  useWatermarkPreview,
  type WatermarkPreviewBody,
} from './watermarks';
export {
  useSimpleTemplates,
  useAmazonTemplates,
  useWalmartTemplates,
  useAmazonTemplate,
  useTemplateOptions,
  useSaveSimpleTemplate,
  useSaveAmazonTemplate,
  useSaveWalmartTemplate,
  useDeleteTemplate,
  useDiyImport,
} from './templates';
export {
  useAliexpressTemplates,
  useTiktokTemplates,
  useMarketTemplatesByStore,
  useSaveAliexpressTemplate,
  useSaveTiktokTemplate,
  useDeleteMarketTemplate,
  type TemplateMarket,
} from './marketTemplates';
export {
  useWalletInfo,
  useStartRecharge,
  useRechargeFollow,
  useBillList,
  useBillStatistics,
  useBillChildStatistics,
  useStartBillExport,
  useBillExportLog,
} from './wallet';
export {
  useMarketExceptions,
  useMarketShopSettings,
  useRetryMarketOrder,
  useSaveMarketShopSettings,
  useSyncMarketOrders,
} from './marketOrders';
