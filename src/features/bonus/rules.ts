/** The notice with its `{percentFail}` placeholder filled in (§2 Bonus modal). */
export const noticeText = (notice: string, percentFail: number) => notice.replaceAll('{percentFail}', String(percentFail));
