// Generated from docs/glossary/medical-terms.csv by `npm run glossary`: do not edit (issue 50).
// Sources and review state are in the file; test/glossary.test.ts checks this module is current.
export interface GlossaryTerm {
  english: string;
  ha: string;
  yo: string;
  ig: string;
  pcm: string;
}

export const glossaryTerms: readonly GlossaryTerm[] = [
  {"english":"doctor","ha":"likita (pl. likitoci)","yo":"dókítà","ig":"dọkịta (pl. ndị dọkịta)","pcm":"doctor"},
  {"english":"nurse","ha":"ma'aikaciyar jinya (pl. ma'aikatan jinya)","yo":"nọ́ọ̀sì","ig":"nọọsụ (pl. ndị nọọsụ)","pcm":"nurse"},
  {"english":"pharmacist","ha":"mai harhaɗa magani (pl. masu harhaɗa magani)","yo":"apòògùn","ig":"onye na-ere ọgwụ (pl. ndị na-ere ọgwụ)","pcm":"pharmacist"},
  {"english":"health worker","ha":"ma'aikacin lafiya (pl. ma'aikatan lafiya)","yo":"oníṣẹ́ ìlera","ig":"onye ọrụ ahụike (pl. ndị ọrụ ahụike)","pcm":"health worker"},
  {"english":"patient","ha":"mara lafiya (pl. marasa lafiya)","yo":"aláìsàn","ig":"onye ọrịa (pl. ndị ọrịa)","pcm":"patient"},
  {"english":"hospital","ha":"asibiti","yo":"ilé-ìwòsàn","ig":"ụlọ ọgwụ","pcm":"hospital"},
  {"english":"pharmacy","ha":"kantin magani","yo":"ilé-oògùn","ig":"ụlọ ahịa ọgwụ","pcm":"chemist"},
  {"english":"laboratory","ha":"ɗakin gwaje-gwaje","yo":"ilé-àyẹ̀wò","ig":"ụlọ nyocha","pcm":"lab"},
  {"english":"emergency","ha":"gaggawa","yo":"pàjáwìrì","ig":"ihe mberede","pcm":"emergency"},
  {"english":"cardiology","ha":"lafiyar zuciya","yo":"ìlera ọkàn","ig":"ahụike obi","pcm":"heart doctor"},
  {"english":"neurology","ha":"lafiyar ƙwaƙwalwa da jijiyoyi","yo":"ìlera ọpọlọ àti iṣan","ig":"ahụike ụbụrụ na akwara","pcm":"brain and nerve doctor"},
  {"english":"pediatrics","ha":"lafiyar yara","yo":"ìlera ọmọdé","ig":"ahụike ụmụaka","pcm":"pikin doctor"},
  {"english":"appointment","ha":"alƙawari (pl. alƙawura)","yo":"ìpàdé","ig":"oge ịhụ dọkịta","pcm":"appointment"},
  {"english":"consultation","ha":"ganin likita","yo":"àyẹ̀wò dókítà","ig":"ịhụ dọkịta","pcm":"see doctor"},
  {"english":"follow-up visit","ha":"ziyarar bibiya","yo":"àyẹ̀wò àtẹ̀lé","ig":"nleta nlele ọzọ","pcm":"follow-up visit"},
  {"english":"check-up","ha":"duba lafiya","yo":"àyẹ̀wò ara","ig":"nlele ahụ","pcm":"body check"},
  {"english":"procedure","ha":"aikin jinya na musamman","yo":"ìtọ́jú pàtàkì","ig":"usoro ọgwụgwọ","pcm":"treatment procedure"},
  {"english":"symptoms","ha":"abin da ke damunka","yo":"ohun tó ń ṣe ọ́","ig":"ihe na-eme gị","pcm":"wetin dey do you"},
  {"english":"fever","ha":"zazzaɓi","yo":"ibà","ig":"ahụ ọkụ; ọkụ ahụ","pcm":"body dey hot; fever"},
  {"english":"malaria","ha":"zazzaɓin cizon sauro","yo":"ibà","ig":"ịba","pcm":"malaria"},
  {"english":"pregnancy","ha":"juna biyu","yo":"oyún; aboyún","ig":"afọ ime","pcm":"belle"},
  {"english":"child doctor","ha":"likitan yara","yo":"dókítà ọmọdé","ig":"dọkịta ụmụaka","pcm":"pikin doctor"},
  {"english":"eye doctor","ha":"likitan ido","yo":"dókítà ojú","ig":"dọkịta anya","pcm":"eye doctor"},
  {"english":"dentist","ha":"likitan haƙori","yo":"dókítà eyín","ig":"dọkịta eze","pcm":"teeth doctor"},
  {"english":"near me","ha":"kusa da ni","yo":"nítòsí mi","ig":"nso m","pcm":"near me"},
  {"english":"family doctor","ha":"likitan iyali","yo":"dókítà ẹbí","ig":"dọkịta ezinụlọ","pcm":"general doctor"},
  {"english":"women's doctor","ha":"likitan mata","yo":"dókítà obìnrin","ig":"dọkịta ụmụnwaanyị","pcm":"woman doctor"},
  {"english":"health plan","ha":"inshorar lafiya","yo":"ìdánilójú ìlera","ig":"mkpuchi ahụike","pcm":"health insurance"},
  {"english":"licence to practise","ha":"lasisi","yo":"ìwé-àṣẹ","ig":"ikike","pcm":"license"},
];
