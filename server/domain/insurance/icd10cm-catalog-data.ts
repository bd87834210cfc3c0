/**
 * The diagnosis catalog: lab-relevant ICD-10-CM codes with their official titles.
 *
 * Source: ICD-10-CM, the International Classification of Diseases, Tenth Revision, Clinical
 * Modification, maintained by the National Center for Health Statistics (NCHS) of the US
 * Centers for Disease Control and Prevention; the code set and its titles are in the public
 * domain (https://www.cdc.gov/nchs/icd/icd-10-cm/). Each entry is a billable (leaf) code of the
 * Tabular List with its full title, as written there. The selection covers what lab orders are
 * commonly justified by: diabetes and glucose findings, lipids, thyroid and other endocrine
 * disorders, anemias and other blood disorders, vitamin and mineral deficiencies, hypertension
 * and heart disease, kidney disease and urine findings, abnormal blood chemistry and tumor
 * markers, infections and exposures, the Z00-Z13 examination and screening encounters, and
 * long-term drug therapy. A code outside it is answered as unknown to the service, not as
 * invalid ICD-10-CM (see docs/lab-testing.md).
 *
 * One line per code: the code, a tab, the title.
 */
export const ICD10CM_CATALOG_TSV = `
E08.9	Diabetes mellitus due to underlying condition without complications
E09.9	Drug or chemical induced diabetes mellitus without complications
E10.10	Type 1 diabetes mellitus with ketoacidosis without coma
E10.11	Type 1 diabetes mellitus with ketoacidosis with coma
E10.21	Type 1 diabetes mellitus with diabetic nephropathy
E10.22	Type 1 diabetes mellitus with diabetic chronic kidney disease
E10.29	Type 1 diabetes mellitus with other diabetic kidney complication
E10.319	Type 1 diabetes mellitus with unspecified diabetic retinopathy without macular edema
E10.40	Type 1 diabetes mellitus with diabetic neuropathy, unspecified
E10.42	Type 1 diabetes mellitus with diabetic polyneuropathy
E10.649	Type 1 diabetes mellitus with hypoglycemia without coma
E10.65	Type 1 diabetes mellitus with hyperglycemia
E10.69	Type 1 diabetes mellitus with other specified complication
E10.8	Type 1 diabetes mellitus with unspecified complications
E10.9	Type 1 diabetes mellitus without complications
E11.00	Type 2 diabetes mellitus with hyperosmolarity without nonketotic hyperglycemic-hyperosmolar coma (NKHHC)
E11.01	Type 2 diabetes mellitus with hyperosmolarity with coma
E11.10	Type 2 diabetes mellitus with ketoacidosis without coma
E11.11	Type 2 diabetes mellitus with ketoacidosis with coma
E11.21	Type 2 diabetes mellitus with diabetic nephropathy
E11.22	Type 2 diabetes mellitus with diabetic chronic kidney disease
E11.29	Type 2 diabetes mellitus with other diabetic kidney complication
E11.311	Type 2 diabetes mellitus with unspecified diabetic retinopathy with macular edema
E11.319	Type 2 diabetes mellitus with unspecified diabetic retinopathy without macular edema
E11.36	Type 2 diabetes mellitus with diabetic cataract
E11.39	Type 2 diabetes mellitus with other diabetic ophthalmic complication
E11.40	Type 2 diabetes mellitus with diabetic neuropathy, unspecified
E11.41	Type 2 diabetes mellitus with diabetic mononeuropathy
E11.42	Type 2 diabetes mellitus with diabetic polyneuropathy
E11.43	Type 2 diabetes mellitus with diabetic autonomic (poly)neuropathy
E11.44	Type 2 diabetes mellitus with diabetic amyotrophy
E11.49	Type 2 diabetes mellitus with other diabetic neurological complication
E11.51	Type 2 diabetes mellitus with diabetic peripheral angiopathy without gangrene
E11.52	Type 2 diabetes mellitus with diabetic peripheral angiopathy with gangrene
E11.59	Type 2 diabetes mellitus with other circulatory complications
E11.610	Type 2 diabetes mellitus with diabetic neuropathic arthropathy
E11.618	Type 2 diabetes mellitus with other diabetic arthropathy
E11.620	Type 2 diabetes mellitus with diabetic dermatitis
E11.621	Type 2 diabetes mellitus with foot ulcer
E11.622	Type 2 diabetes mellitus with other skin ulcer
E11.628	Type 2 diabetes mellitus with other skin complications
E11.630	Type 2 diabetes mellitus with periodontal disease
E11.638	Type 2 diabetes mellitus with other oral complications
E11.641	Type 2 diabetes mellitus with hypoglycemia with coma
E11.649	Type 2 diabetes mellitus with hypoglycemia without coma
E11.65	Type 2 diabetes mellitus with hyperglycemia
E11.69	Type 2 diabetes mellitus with other specified complication
E11.8	Type 2 diabetes mellitus with unspecified complications
E11.9	Type 2 diabetes mellitus without complications
E13.65	Other specified diabetes mellitus with hyperglycemia
E13.9	Other specified diabetes mellitus without complications
E16.1	Other hypoglycemia
E16.2	Hypoglycemia, unspecified
E16.8	Other specified disorders of pancreatic internal secretion
E16.9	Disorder of pancreatic internal secretion, unspecified
O24.410	Gestational diabetes mellitus in pregnancy, diet controlled
O24.414	Gestational diabetes mellitus in pregnancy, insulin controlled
O24.415	Gestational diabetes mellitus in pregnancy, controlled by oral hypoglycemic drugs
O24.419	Gestational diabetes mellitus in pregnancy, unspecified control
O99.810	Abnormal glucose complicating pregnancy
R73.01	Impaired fasting glucose
R73.02	Impaired glucose tolerance (oral)
R73.03	Prediabetes
R73.09	Other abnormal glucose
R73.9	Hyperglycemia, unspecified
R81	Glycosuria
Z79.4	Long term (current) use of insulin
Z79.84	Long term (current) use of oral hypoglycemic drugs
Z79.85	Long-term (current) use of injectable non-insulin antidiabetic drugs
Z83.3	Family history of diabetes mellitus
Z86.32	Personal history of gestational diabetes
E78.00	Pure hypercholesterolemia, unspecified
E78.01	Familial hypercholesterolemia
E78.1	Pure hyperglyceridemia
E78.2	Mixed hyperlipidemia
E78.3	Hyperchylomicronemia
E78.41	Elevated Lipoprotein(a)
E78.49	Other hyperlipidemia
E78.5	Hyperlipidemia, unspecified
E78.6	Lipoprotein deficiency
E78.70	Disorder of bile acid and cholesterol metabolism, unspecified
E78.79	Other disorders of bile acid and cholesterol metabolism
E78.81	Lipoid dermatoarthritis
E78.89	Other lipoprotein metabolism disorders
E78.9	Disorder of lipoprotein metabolism, unspecified
Z83.42	Family history of familial hypercholesterolemia
Z83.438	Family history of other disorder of lipoprotein metabolism and other lipidemia
E01.8	Other iodine-deficiency related thyroid disorders and allied conditions
E02	Subclinical iodine-deficiency hypothyroidism
E03.0	Congenital hypothyroidism with diffuse goiter
E03.1	Congenital hypothyroidism without goiter
E03.2	Hypothyroidism due to medicaments and other exogenous substances
E03.3	Postinfectious hypothyroidism
E03.4	Atrophy of thyroid (acquired)
E03.5	Myxedema coma
E03.8	Other specified hypothyroidism
E03.9	Hypothyroidism, unspecified
E04.0	Nontoxic diffuse goiter
E04.1	Nontoxic single thyroid nodule
E04.2	Nontoxic multinodular goiter
E04.8	Other specified nontoxic goiter
E04.9	Nontoxic goiter, unspecified
E05.00	Thyrotoxicosis with diffuse goiter without thyrotoxic crisis or storm
E05.01	Thyrotoxicosis with diffuse goiter with thyrotoxic crisis or storm
E05.10	Thyrotoxicosis with toxic single thyroid nodule without thyrotoxic crisis or storm
E05.20	Thyrotoxicosis with toxic multinodular goiter without thyrotoxic crisis or storm
E05.30	Thyrotoxicosis from ectopic thyroid tissue without thyrotoxic crisis or storm
E05.40	Thyrotoxicosis factitia without thyrotoxic crisis or storm
E05.80	Other thyrotoxicosis without thyrotoxic crisis or storm
E05.90	Thyrotoxicosis, unspecified without thyrotoxic crisis or storm
E05.91	Thyrotoxicosis, unspecified with thyrotoxic crisis or storm
E06.0	Acute thyroiditis
E06.1	Subacute thyroiditis
E06.2	Chronic thyroiditis with transient thyrotoxicosis
E06.3	Autoimmune thyroiditis
E06.4	Drug-induced thyroiditis
E06.5	Other chronic thyroiditis
E06.9	Thyroiditis, unspecified
E07.0	Hypersecretion of calcitonin
E07.1	Dyshormogenetic goiter
E07.81	Sick-euthyroid syndrome
E07.89	Other specified disorders of thyroid
E07.9	Disorder of thyroid, unspecified
E89.0	Postprocedural hypothyroidism
O90.5	Postpartum thyroiditis
R94.6	Abnormal results of thyroid function studies
E20.9	Hypoparathyroidism, unspecified
E21.0	Primary hyperparathyroidism
E21.1	Secondary hyperparathyroidism, not elsewhere classified
E21.3	Hyperparathyroidism, unspecified
E22.0	Acromegaly and pituitary gigantism
E22.1	Hyperprolactinemia
E23.0	Hypopituitarism
E24.9	Cushing's syndrome, unspecified
E25.0	Congenital adrenogenital disorders associated with enzyme deficiency
E26.9	Hyperaldosteronism, unspecified
E27.1	Primary adrenocortical insufficiency
E27.2	Addisonian crisis
E27.40	Unspecified adrenocortical insufficiency
E28.0	Estrogen excess
E28.2	Polycystic ovarian syndrome
E28.310	Symptomatic premature menopause
E28.319	Asymptomatic premature menopause
E28.39	Other primary ovarian failure
E28.8	Other ovarian dysfunction
E28.9	Ovarian dysfunction, unspecified
E29.1	Testicular hypofunction
E29.8	Other testicular dysfunction
E29.9	Testicular dysfunction, unspecified
E30.0	Delayed puberty
E30.1	Precocious puberty
E34.9	Endocrine disorder, unspecified
E89.1	Postprocedural hypoinsulinemia
E89.2	Postprocedural hypoparathyroidism
E89.40	Asymptomatic postprocedural ovarian failure
E89.5	Postprocedural testicular hypofunction
R94.7	Abnormal results of other endocrine studies
Z83.49	Family history of other endocrine, nutritional and metabolic diseases
Z86.39	Personal history of other endocrine, nutritional and metabolic disease
D50.0	Iron deficiency anemia secondary to blood loss (chronic)
D50.1	Sideropenic dysphagia
D50.8	Other iron deficiency anemias
D50.9	Iron deficiency anemia, unspecified
D51.0	Vitamin B12 deficiency anemia due to intrinsic factor deficiency
D51.1	Vitamin B12 deficiency anemia due to selective vitamin B12 malabsorption with proteinuria
D51.2	Transcobalamin II deficiency
D51.3	Other dietary vitamin B12 deficiency anemia
D51.8	Other vitamin B12 deficiency anemias
D51.9	Vitamin B12 deficiency anemia, unspecified
D52.0	Dietary folate deficiency anemia
D52.1	Drug-induced folate deficiency anemia
D52.8	Other folate deficiency anemias
D52.9	Folate deficiency anemia, unspecified
D53.0	Protein deficiency anemia
D53.1	Other megaloblastic anemias, not elsewhere classified
D53.2	Scorbutic anemia
D53.8	Other specified nutritional anemias
D53.9	Nutritional anemia, unspecified
D55.0	Anemia due to glucose-6-phosphate dehydrogenase [G6PD] deficiency
D56.1	Beta thalassemia
D56.3	Thalassemia minor
D56.9	Thalassemia, unspecified
D57.1	Sickle-cell disease without crisis
D57.3	Sickle-cell trait
D58.0	Hereditary spherocytosis
D58.9	Hereditary hemolytic anemia, unspecified
D59.9	Acquired hemolytic anemia, unspecified
D61.810	Antineoplastic chemotherapy induced pancytopenia
D61.818	Other pancytopenia
D61.9	Aplastic anemia, unspecified
D62	Acute posthemorrhagic anemia
D63.0	Anemia in neoplastic disease
D63.1	Anemia in chronic kidney disease
D63.8	Anemia in other chronic diseases classified elsewhere
D64.0	Hereditary sideroblastic anemia
D64.1	Secondary sideroblastic anemia due to disease
D64.3	Other sideroblastic anemias
D64.4	Congenital dyserythropoietic anemia
D64.81	Anemia due to antineoplastic chemotherapy
D64.89	Other specified anemias
D64.9	Anemia, unspecified
O99.011	Anemia complicating pregnancy, first trimester
O99.012	Anemia complicating pregnancy, second trimester
O99.013	Anemia complicating pregnancy, third trimester
O99.019	Anemia complicating pregnancy, unspecified trimester
D45	Polycythemia vera
D47.2	Monoclonal gammopathy
D47.3	Essential (hemorrhagic) thrombocythemia
D68.51	Activated protein C resistance
D68.52	Prothrombin gene mutation
D68.59	Other primary thrombophilia
D68.61	Antiphospholipid syndrome
D68.62	Lupus anticoagulant syndrome
D68.9	Coagulation defect, unspecified
D69.59	Other secondary thrombocytopenia
D69.6	Thrombocytopenia, unspecified
D70.9	Neutropenia, unspecified
D72.810	Lymphocytopenia
D72.819	Decreased white blood cell count, unspecified
D72.829	Elevated white blood cell count, unspecified
D75.1	Secondary polycythemia
D75.9	Disease of blood and blood-forming organs, unspecified
D84.9	Immunodeficiency, unspecified
D86.0	Sarcoidosis of lung
D86.9	Sarcoidosis, unspecified
D89.9	Disorder involving the immune mechanism, unspecified
Z83.2	Family history of diseases of the blood and blood-forming organs and certain disorders involving the immune mechanism
Z86.2	Personal history of diseases of the blood and blood-forming organs and certain disorders involving the immune mechanism
E83.00	Disorder of copper metabolism, unspecified
E83.01	Wilson's disease
E83.10	Disorder of iron metabolism, unspecified
E83.110	Hereditary hemochromatosis
E83.111	Hemochromatosis due to repeated red blood cell transfusions
E83.118	Other hemochromatosis
E83.119	Hemochromatosis, unspecified
E83.19	Other disorders of iron metabolism
E83.30	Disorder of phosphorus metabolism, unspecified
E83.39	Other disorders of phosphorus metabolism
E83.42	Hypomagnesemia
E83.51	Hypocalcemia
E83.52	Hypercalcemia
E50.9	Vitamin A deficiency, unspecified
E51.11	Dry beriberi
E51.2	Wernicke's encephalopathy
E51.9	Thiamine deficiency, unspecified
E52	Niacin deficiency [pellagra]
E53.0	Riboflavin deficiency
E53.1	Pyridoxine deficiency
E53.8	Deficiency of other specified B group vitamins
E53.9	Vitamin B deficiency, unspecified
E54	Ascorbic acid deficiency
E55.0	Rickets, active
E55.9	Vitamin D deficiency, unspecified
E56.0	Deficiency of vitamin E
E56.1	Deficiency of vitamin K
E56.8	Deficiency of other vitamins
E56.9	Vitamin deficiency, unspecified
E58	Dietary calcium deficiency
E59	Dietary selenium deficiency
E60	Dietary zinc deficiency
E61.0	Copper deficiency
E61.1	Iron deficiency
E61.2	Magnesium deficiency
E61.3	Manganese deficiency
E61.9	Deficiency of nutrient element, unspecified
E63.1	Imbalance of constituents of food intake
E63.9	Nutritional deficiency, unspecified
E64.0	Sequelae of protein-calorie malnutrition
E64.3	Sequelae of rickets
E43	Unspecified severe protein-calorie malnutrition
E44.0	Moderate protein-calorie malnutrition
E44.1	Mild protein-calorie malnutrition
E46	Unspecified protein-calorie malnutrition
E66.01	Morbid (severe) obesity due to excess calories
E66.09	Other obesity due to excess calories
E66.3	Overweight
E66.8	Other obesity
E66.9	Obesity, unspecified
E70.0	Classical phenylketonuria
E72.11	Homocystinuria
E73.9	Lactose intolerance, unspecified
E79.0	Hyperuricemia without signs of inflammatory arthritis and tophaceous disease
E80.4	Gilbert syndrome
E80.6	Other disorders of bilirubin metabolism
E80.7	Disorder of bilirubin metabolism, unspecified
E84.9	Cystic fibrosis, unspecified
E86.0	Dehydration
E86.9	Volume depletion, unspecified
E87.0	Hyperosmolality and hypernatremia
E87.1	Hypo-osmolality and hyponatremia
E87.3	Alkalosis
E87.5	Hyperkalemia
E87.6	Hypokalemia
E87.70	Fluid overload, unspecified
E87.8	Other disorders of electrolyte and fluid balance, not elsewhere classified
E88.01	Alpha-1-antitrypsin deficiency
E88.09	Other disorders of plasma-protein metabolism, not elsewhere classified
E88.9	Metabolic disorder, unspecified
K90.0	Celiac disease
Z68.1	Body mass index [BMI] 19.9 or less, adult
Z68.20	Body mass index [BMI] 20.0-20.9, adult
Z68.21	Body mass index [BMI] 21.0-21.9, adult
Z68.22	Body mass index [BMI] 22.0-22.9, adult
Z68.23	Body mass index [BMI] 23.0-23.9, adult
Z68.24	Body mass index [BMI] 24.0-24.9, adult
Z68.25	Body mass index [BMI] 25.0-25.9, adult
Z68.26	Body mass index [BMI] 26.0-26.9, adult
Z68.27	Body mass index [BMI] 27.0-27.9, adult
Z68.28	Body mass index [BMI] 28.0-28.9, adult
Z68.29	Body mass index [BMI] 29.0-29.9, adult
Z68.30	Body mass index [BMI] 30.0-30.9, adult
Z68.31	Body mass index [BMI] 31.0-31.9, adult
Z68.32	Body mass index [BMI] 32.0-32.9, adult
Z68.33	Body mass index [BMI] 33.0-33.9, adult
Z68.34	Body mass index [BMI] 34.0-34.9, adult
Z68.35	Body mass index [BMI] 35.0-35.9, adult
Z68.36	Body mass index [BMI] 36.0-36.9, adult
Z68.37	Body mass index [BMI] 37.0-37.9, adult
Z68.38	Body mass index [BMI] 38.0-38.9, adult
Z68.39	Body mass index [BMI] 39.0-39.9, adult
Z68.41	Body mass index [BMI] 40.0-44.9, adult
Z68.42	Body mass index [BMI] 45.0-49.9, adult
Z68.43	Body mass index [BMI] 50.0-59.9, adult
Z68.44	Body mass index [BMI] 60.0-69.9, adult
Z68.45	Body mass index [BMI] 70 or greater, adult
Z68.51	Body mass index [BMI] pediatric, less than 5th percentile for age
Z68.52	Body mass index [BMI] pediatric, 5th percentile to less than 85th percentile for age
Z68.53	Body mass index [BMI] pediatric, 85th percentile to less than 95th percentile for age
I10	Essential (primary) hypertension
I11.0	Hypertensive heart disease with heart failure
I11.9	Hypertensive heart disease without heart failure
I12.0	Hypertensive chronic kidney disease with stage 5 chronic kidney disease or end stage renal disease
I12.9	Hypertensive chronic kidney disease with stage 1 through stage 4 chronic kidney disease, or unspecified chronic kidney disease
I13.0	Hypertensive heart and chronic kidney disease with heart failure and stage 1 through stage 4 chronic kidney disease, or unspecified chronic kidney disease
I13.10	Hypertensive heart and chronic kidney disease without heart failure, with stage 1 through stage 4 chronic kidney disease, or unspecified chronic kidney disease
I13.11	Hypertensive heart and chronic kidney disease without heart failure, with stage 5 chronic kidney disease, or end stage renal disease
I13.2	Hypertensive heart and chronic kidney disease with heart failure and with stage 5 chronic kidney disease, or end stage renal disease
I15.0	Renovascular hypertension
I15.1	Hypertension secondary to other renal disorders
I15.2	Hypertension secondary to endocrine disorders
I15.8	Other secondary hypertension
I15.9	Secondary hypertension, unspecified
I16.0	Hypertensive urgency
I16.1	Hypertensive emergency
I16.9	Hypertensive crisis, unspecified
R03.0	Elevated blood-pressure reading, without diagnosis of hypertension
R03.1	Nonspecific low blood-pressure reading
I20.9	Angina pectoris, unspecified
I21.9	Acute myocardial infarction, unspecified
I25.10	Atherosclerotic heart disease of native coronary artery without angina pectoris
I25.2	Old myocardial infarction
I25.9	Chronic ischemic heart disease, unspecified
I26.99	Other pulmonary embolism without acute cor pulmonale
I27.20	Pulmonary hypertension, unspecified
I30.9	Acute pericarditis, unspecified
I31.9	Disease of pericardium, unspecified
I34.0	Nonrheumatic mitral (valve) insufficiency
I35.0	Nonrheumatic aortic (valve) stenosis
I40.9	Acute myocarditis, unspecified
I42.9	Cardiomyopathy, unspecified
I48.0	Paroxysmal atrial fibrillation
I48.11	Longstanding persistent atrial fibrillation
I48.19	Other persistent atrial fibrillation
I48.20	Chronic atrial fibrillation, unspecified
I48.21	Permanent atrial fibrillation
I48.91	Unspecified atrial fibrillation
I49.9	Cardiac arrhythmia, unspecified
I50.22	Chronic systolic (congestive) heart failure
I50.32	Chronic diastolic (congestive) heart failure
I50.9	Heart failure, unspecified
I51.9	Heart disease, unspecified
I63.9	Cerebral infarction, unspecified
I70.0	Atherosclerosis of aorta
I73.9	Peripheral vascular disease, unspecified
I82.409	Acute embolism and thrombosis of unspecified deep veins of unspecified lower extremity
I95.1	Orthostatic hypotension
I95.9	Hypotension, unspecified
R00.0	Tachycardia, unspecified
R00.1	Bradycardia, unspecified
R00.2	Palpitations
R01.1	Cardiac murmur, unspecified
R07.89	Other chest pain
R07.9	Chest pain, unspecified
R94.31	Abnormal electrocardiogram [ECG] [EKG]
Z82.3	Family history of stroke
Z82.41	Family history of sudden cardiac death
Z82.49	Family history of ischemic heart disease and other diseases of the circulatory system
Z86.711	Personal history of pulmonary embolism
Z86.718	Personal history of other venous thrombosis and embolism
Z86.73	Personal history of transient ischemic attack (TIA), and cerebral infarction without residual deficits
Z95.1	Presence of aortocoronary bypass graft
Z95.5	Presence of coronary angioplasty implant and graft
N03.9	Chronic nephritic syndrome with unspecified morphologic changes
N04.9	Nephrotic syndrome with unspecified morphologic changes
N05.9	Unspecified nephritic syndrome with unspecified morphologic changes
N17.9	Acute kidney failure, unspecified
N18.1	Chronic kidney disease, stage 1
N18.2	Chronic kidney disease, stage 2 (mild)
N18.30	Chronic kidney disease, stage 3 unspecified
N18.31	Chronic kidney disease, stage 3a
N18.32	Chronic kidney disease, stage 3b
N18.4	Chronic kidney disease, stage 4 (severe)
N18.5	Chronic kidney disease, stage 5
N18.6	End stage renal disease
N18.9	Chronic kidney disease, unspecified
N19	Unspecified kidney failure
N20.0	Calculus of kidney
N20.1	Calculus of ureter
N20.9	Urinary calculus, unspecified
N25.0	Renal osteodystrophy
N25.1	Nephrogenic diabetes insipidus
N25.81	Secondary hyperparathyroidism of renal origin
N28.1	Cyst of kidney, acquired
N28.9	Disorder of kidney and ureter, unspecified
N30.00	Acute cystitis without hematuria
N30.01	Acute cystitis with hematuria
N30.90	Cystitis, unspecified without hematuria
N34.1	Nonspecific urethritis
N34.2	Other urethritis
N39.0	Urinary tract infection, site not specified
Q61.2	Polycystic kidney, adult type
Q61.3	Polycystic kidney, unspecified
R94.4	Abnormal results of kidney function studies
Z84.1	Family history of disorders of kidney and ureter
Z87.442	Personal history of urinary calculi
Z90.5	Acquired absence of kidney
Z94.0	Kidney transplant status
Z99.2	Dependence on renal dialysis
R30.0	Dysuria
R31.0	Gross hematuria
R31.1	Benign essential microscopic hematuria
R31.21	Asymptomatic microscopic hematuria
R31.29	Other microscopic hematuria
R31.9	Hematuria, unspecified
R32	Unspecified urinary incontinence
R33.9	Retention of urine, unspecified
R34	Anuria and oliguria
R35.0	Frequency of micturition
R35.8	Other polyuria
R39.15	Urgency of urination
R80.0	Isolated proteinuria
R80.1	Persistent proteinuria, unspecified
R80.8	Other proteinuria
R80.9	Proteinuria, unspecified
R82.0	Chyluria
R82.1	Myoglobinuria
R82.2	Biliuria
R82.3	Hemoglobinuria
R82.4	Acetonuria
R82.5	Elevated urine levels of drugs, medicaments and biological substances
R82.6	Abnormal urine levels of substances chiefly nonmedicinal as to source
R82.71	Bacteriuria
R82.81	Pyuria
R82.90	Unspecified abnormal findings in urine
R82.991	Hypocitraturia
R82.992	Hyperoxaluria
R82.993	Hyperuricosuria
R82.994	Hypercalciuria
R82.998	Other abnormal findings in urine
R70.0	Elevated erythrocyte sedimentation rate
R70.1	Abnormal plasma viscosity
R71.0	Precipitous drop in hematocrit
R71.8	Other abnormality of red blood cells
R74.01	Elevation of levels of liver transaminase levels
R74.02	Elevation of levels of lactic acid dehydrogenase [LDH]
R74.8	Abnormal levels of other serum enzymes
R74.9	Abnormal serum enzyme level, unspecified
R75	Inconclusive laboratory evidence of human immunodeficiency virus [HIV]
R76.11	Nonspecific reaction to tuberculin skin test without active tuberculosis
R76.12	Nonspecific reaction to cell mediated immunity measurement of gamma interferon antigen response without active tuberculosis
R76.8	Other specified abnormal immunological findings in serum
R76.9	Abnormal immunological finding in serum, unspecified
R77.0	Abnormality of albumin
R77.1	Abnormality of globulin
R77.2	Abnormality of alphafetoprotein
R77.8	Other specified abnormalities of plasma proteins
R77.9	Abnormality of plasma protein, unspecified
R78.0	Finding of alcohol in blood
R78.71	Abnormal lead level in blood
R78.79	Finding of abnormal level of heavy metals in blood
R78.89	Finding of other specified substances, not normally found in blood
R79.0	Abnormal level of blood mineral
R79.1	Abnormal coagulation profile
R79.81	Abnormal blood-gas level
R79.82	Elevated C-reactive protein (CRP)
R79.89	Other specified abnormal findings of blood chemistry
R79.9	Abnormal finding of blood chemistry, unspecified
R94.5	Abnormal results of liver function studies
R94.8	Abnormal results of function studies of other organs and systems
R97.0	Elevated carcinoembryonic antigen [CEA]
R97.1	Elevated cancer antigen 125 [CA 125]
R97.20	Elevated prostate specific antigen [PSA]
R97.21	Rising PSA following treatment for malignant neoplasm of prostate
R97.8	Other abnormal tumor markers
R87.610	Atypical squamous cells of undetermined significance on cytologic smear of cervix (ASC-US)
R87.612	Low grade squamous intraepithelial lesion on cytologic smear of cervix (LGSIL)
R87.613	High grade squamous intraepithelial lesion on cytologic smear of cervix (HGSIL)
R87.810	Cervical high risk human papillomavirus (HPV) DNA test positive
R87.820	Cervical low risk human papillomavirus (HPV) DNA test positive
R91.1	Solitary pulmonary nodule
R91.8	Other nonspecific abnormal finding of lung field
R19.5	Other fecal abnormalities
R50.9	Fever, unspecified
R51.9	Headache, unspecified
R52	Pain, unspecified
R53.1	Weakness
R53.81	Other malaise
R53.82	Chronic fatigue, unspecified
R53.83	Other fatigue
R54	Age-related physical debility
R55	Syncope and collapse
R56.9	Unspecified convulsions
R58	Hemorrhage, not elsewhere classified
R59.0	Localized enlarged lymph nodes
R59.1	Generalized enlarged lymph nodes
R59.9	Enlarged lymph nodes, unspecified
R60.0	Localized edema
R60.9	Edema, unspecified
R61	Generalized hyperhidrosis
R62.0	Delayed milestone in childhood
R62.50	Unspecified lack of expected normal physiological development in childhood
R62.51	Failure to thrive (child)
R62.52	Short stature (child)
R63.0	Anorexia
R63.1	Polydipsia
R63.2	Polyphagia
R63.4	Abnormal weight loss
R63.5	Abnormal weight gain
R63.6	Underweight
R63.8	Other symptoms and signs concerning food and fluid intake
R64	Cachexia
R68.81	Early satiety
R68.82	Decreased libido
R68.83	Chills (without fever)
R68.89	Other general symptoms and signs
R69	Illness, unspecified
R04.0	Epistaxis
R04.2	Hemoptysis
R05.1	Acute cough
R05.2	Subacute cough
R05.3	Chronic cough
R05.9	Cough, unspecified
R06.00	Dyspnea, unspecified
R06.02	Shortness of breath
R06.09	Other forms of dyspnea
R06.83	Snoring
R09.02	Hypoxemia
R10.13	Epigastric pain
R10.9	Unspecified abdominal pain
R11.0	Nausea
R11.2	Nausea with vomiting, unspecified
R12	Heartburn
R13.10	Dysphagia, unspecified
R14.0	Abdominal distension (gaseous)
R16.0	Hepatomegaly, not elsewhere classified
R17	Unspecified jaundice
R19.7	Diarrhea, unspecified
R20.2	Paresthesia of skin
R21	Rash and other nonspecific skin eruption
R22.1	Localized swelling, mass and lump, neck
R22.2	Localized swelling, mass and lump, trunk
R23.1	Pallor
R23.2	Flushing
R23.3	Spontaneous ecchymoses
R25.1	Tremor, unspecified
R25.2	Cramp and spasm
R26.81	Unsteadiness on feet
R26.89	Other abnormalities of gait and mobility
R27.0	Ataxia, unspecified
R29.6	Repeated falls
R40.0	Somnolence
R41.0	Disorientation, unspecified
R41.3	Other amnesia
R41.82	Altered mental status, unspecified
R42	Dizziness and giddiness
R47.01	Aphasia
K21.9	Gastro-esophageal reflux disease without esophagitis
K29.70	Gastritis, unspecified, without bleeding
K50.90	Crohn's disease, unspecified, without complications
K51.90	Ulcerative colitis, unspecified, without complications
K58.0	Irritable bowel syndrome with diarrhea
K58.9	Irritable bowel syndrome without diarrhea
K59.00	Constipation, unspecified
K62.5	Hemorrhage of anus and rectum
K70.0	Alcoholic fatty liver
K70.30	Alcoholic cirrhosis of liver without ascites
K73.9	Chronic hepatitis, unspecified
K74.60	Unspecified cirrhosis of liver
K74.69	Other cirrhosis of liver
K75.4	Autoimmune hepatitis
K75.81	Nonalcoholic steatohepatitis (NASH)
K76.0	Fatty (change of) liver, not elsewhere classified
K76.89	Other specified diseases of liver
K76.9	Liver disease, unspecified
K80.20	Calculus of gallbladder without cholecystitis without obstruction
K85.90	Acute pancreatitis without necrosis or infection, unspecified
K86.1	Other chronic pancreatitis
K92.1	Melena
K92.2	Gastrointestinal hemorrhage, unspecified
Z94.4	Liver transplant status
Z98.84	Bariatric surgery status
A04.72	Enterocolitis due to Clostridium difficile, not specified as recurrent
A08.4	Viral intestinal infection, unspecified
A09	Infectious gastroenteritis and colitis, unspecified
A15.0	Tuberculosis of lung
A41.9	Sepsis, unspecified organism
A49.9	Bacterial infection, unspecified
A53.9	Syphilis, unspecified
A54.00	Gonococcal infection of lower genitourinary tract, unspecified
A56.00	Chlamydial infection of lower genitourinary tract, unspecified
A59.00	Urogenital trichomoniasis, unspecified
A60.00	Herpesviral infection of urogenital system, unspecified
A63.0	Anogenital (venereal) warts
A64	Unspecified sexually transmitted disease
A69.20	Lyme disease, unspecified
B00.9	Herpesviral infection, unspecified
B01.9	Varicella without complication
B02.9	Zoster without complications
B05.9	Measles without complication
B06.9	Rubella without complication
B15.9	Hepatitis A without hepatic coma
B16.9	Acute hepatitis B without delta-agent and without hepatic coma
B17.10	Acute hepatitis C without hepatic coma
B18.1	Chronic viral hepatitis B without delta-agent
B18.2	Chronic viral hepatitis C
B19.10	Unspecified viral hepatitis B without hepatic coma
B19.20	Unspecified viral hepatitis C without hepatic coma
B20	Human immunodeficiency virus [HIV] disease
B25.9	Cytomegaloviral disease, unspecified
B26.9	Mumps without complication
B27.90	Infectious mononucleosis, unspecified without complication
B34.9	Viral infection, unspecified
B37.9	Candidiasis, unspecified
B58.9	Toxoplasmosis, unspecified
B82.9	Intestinal parasitism, unspecified
B96.81	Helicobacter pylori [H. pylori] as the cause of diseases classified elsewhere
J02.0	Streptococcal pharyngitis
J02.9	Acute pharyngitis, unspecified
J06.9	Acute upper respiratory infection, unspecified
J11.1	Influenza due to unidentified influenza virus with other respiratory manifestations
J18.9	Pneumonia, unspecified organism
J30.2	Other seasonal allergic rhinitis
J30.9	Allergic rhinitis, unspecified
J44.9	Chronic obstructive pulmonary disease, unspecified
J45.909	Unspecified asthma, uncomplicated
U07.1	COVID-19
U09.9	Post COVID-19 condition, unspecified
Z21	Asymptomatic human immunodeficiency virus [HIV] infection status
Z20.1	Contact with and (suspected) exposure to tuberculosis
Z20.2	Contact with and (suspected) exposure to infections with a predominantly sexual mode of transmission
Z20.5	Contact with and (suspected) exposure to viral hepatitis
Z20.6	Contact with and (suspected) exposure to human immunodeficiency virus [HIV]
Z20.822	Contact with and (suspected) exposure to COVID-19
Z20.828	Contact with and (suspected) exposure to other viral communicable diseases
Z20.89	Contact with and (suspected) exposure to other communicable diseases
Z86.19	Personal history of other infectious and parasitic diseases
Z00.00	Encounter for general adult medical examination without abnormal findings
Z00.01	Encounter for general adult medical examination with abnormal findings
Z00.110	Health examination for newborn under 8 days old
Z00.111	Health examination for newborn 8 to 28 days old
Z00.121	Encounter for routine child health examination with abnormal findings
Z00.129	Encounter for routine child health examination without abnormal findings
Z00.2	Encounter for examination for period of rapid growth in childhood
Z00.3	Encounter for examination for adolescent development state
Z00.5	Encounter for examination of potential donor of organ and tissue
Z00.6	Encounter for examination for normal comparison and control in clinical research program
Z00.70	Encounter for examination for period of delayed growth in childhood without abnormal findings
Z00.71	Encounter for examination for period of delayed growth in childhood with abnormal findings
Z00.8	Encounter for other general examination
Z01.00	Encounter for examination of eyes and vision without abnormal findings
Z01.10	Encounter for examination of ears and hearing without abnormal findings
Z01.411	Encounter for gynecological examination (general) (routine) with abnormal findings
Z01.419	Encounter for gynecological examination (general) (routine) without abnormal findings
Z01.810	Encounter for preprocedural cardiovascular examination
Z01.811	Encounter for preprocedural respiratory examination
Z01.812	Encounter for preprocedural laboratory examination
Z01.818	Encounter for other preprocedural examination
Z01.82	Encounter for allergy testing
Z01.84	Encounter for antibody response examination
Z01.89	Encounter for other specified special examinations
Z02.0	Encounter for examination for admission to educational institution
Z02.1	Encounter for pre-employment examination
Z02.3	Encounter for examination for recruitment to armed forces
Z02.4	Encounter for examination for driving license
Z02.5	Encounter for examination for participation in sport
Z02.6	Encounter for examination for insurance purposes
Z02.79	Encounter for issue of other medical certificate
Z02.83	Encounter for blood-alcohol and blood-drug test
Z02.89	Encounter for other administrative examinations
Z02.9	Encounter for administrative examinations, unspecified
Z03.89	Encounter for observation for other suspected diseases and conditions ruled out
Z04.9	Encounter for examination and observation for unspecified reason
Z08	Encounter for follow-up examination after completed treatment for malignant neoplasm
Z09	Encounter for follow-up examination after completed treatment for conditions other than malignant neoplasm
Z11.0	Encounter for screening for intestinal infectious diseases
Z11.1	Encounter for screening for respiratory tuberculosis
Z11.2	Encounter for screening for other bacterial diseases
Z11.3	Encounter for screening for infections with a predominantly sexual mode of transmission
Z11.4	Encounter for screening for human immunodeficiency virus [HIV]
Z11.51	Encounter for screening for human papillomavirus (HPV)
Z11.52	Encounter for screening for COVID-19
Z11.59	Encounter for screening for other viral diseases
Z11.6	Encounter for screening for other protozoal diseases and helminthiases
Z11.8	Encounter for screening for other infectious and parasitic diseases
Z11.9	Encounter for screening for infectious and parasitic diseases, unspecified
Z12.0	Encounter for screening for malignant neoplasm of stomach
Z12.10	Encounter for screening for malignant neoplasm of intestinal tract, unspecified
Z12.11	Encounter for screening for malignant neoplasm of colon
Z12.12	Encounter for screening for malignant neoplasm of rectum
Z12.13	Encounter for screening for malignant neoplasm of small intestine
Z12.2	Encounter for screening for malignant neoplasm of respiratory organs
Z12.31	Encounter for screening mammogram for malignant neoplasm of breast
Z12.39	Encounter for other screening for malignant neoplasm of breast
Z12.4	Encounter for screening for malignant neoplasm of cervix
Z12.5	Encounter for screening for malignant neoplasm of prostate
Z12.6	Encounter for screening for malignant neoplasm of bladder
Z12.72	Encounter for screening for malignant neoplasm of vagina
Z12.73	Encounter for screening for malignant neoplasm of ovary
Z12.79	Encounter for screening for malignant neoplasm of other genitourinary organs
Z12.81	Encounter for screening for malignant neoplasm of oral cavity
Z12.82	Encounter for screening for malignant neoplasm of nervous system
Z12.83	Encounter for screening for malignant neoplasm of skin
Z12.89	Encounter for screening for malignant neoplasm of other sites
Z12.9	Encounter for screening for malignant neoplasm, site unspecified
Z13.0	Encounter for screening for diseases of the blood and blood-forming organs and certain disorders involving the immune mechanism
Z13.1	Encounter for screening for diabetes mellitus
Z13.21	Encounter for screening for nutritional disorder
Z13.220	Encounter for screening for lipoid disorders
Z13.228	Encounter for screening for other metabolic disorders
Z13.29	Encounter for screening for other suspected endocrine disorder
Z13.30	Encounter for screening examination for mental health and behavioral disorders, unspecified
Z13.31	Encounter for screening for depression
Z13.32	Encounter for screening for maternal depression
Z13.39	Encounter for screening examination for other mental health and behavioral disorders
Z13.5	Encounter for screening for eye and ear disorders
Z13.6	Encounter for screening for cardiovascular disorders
Z13.71	Encounter for nonprocreative screening for genetic disease carrier status
Z13.79	Encounter for other screening for genetic and chromosomal anomalies
Z13.810	Encounter for screening for upper gastrointestinal disorder
Z13.811	Encounter for screening for lower gastrointestinal disorder
Z13.818	Encounter for screening for other digestive system disorders
Z13.820	Encounter for screening for osteoporosis
Z13.828	Encounter for screening for other musculoskeletal disorder
Z13.83	Encounter for screening for respiratory disorder NEC
Z13.850	Encounter for screening for traumatic brain injury
Z13.858	Encounter for screening for other nervous system disorders
Z13.88	Encounter for screening for disorder due to exposure to contaminants
Z13.89	Encounter for screening for other disorder
Z13.9	Encounter for screening, unspecified
Z30.011	Encounter for initial prescription of contraceptive pills
Z30.09	Encounter for other general counseling and advice on contraception
Z30.41	Encounter for surveillance of contraceptive pills
Z31.41	Encounter for fertility testing
Z31.430	Encounter of female for testing for genetic disease carrier status for procreative management
Z31.440	Encounter of male for testing for genetic disease carrier status for procreative management
Z31.81	Encounter for male factor infertility in female patient
Z32.00	Encounter for pregnancy test, result unknown
Z32.01	Encounter for pregnancy test, result positive
Z32.02	Encounter for pregnancy test, result negative
Z33.1	Pregnant state, incidental
Z34.00	Encounter for supervision of normal first pregnancy, unspecified trimester
Z34.80	Encounter for supervision of other normal pregnancy, unspecified trimester
Z34.90	Encounter for supervision of normal pregnancy, unspecified, unspecified trimester
Z36.0	Encounter for antenatal screening for chromosomal anomalies
Z36.9	Encounter for antenatal screening, unspecified
Z39.2	Encounter for routine postpartum follow-up
Z51.81	Encounter for therapeutic drug level monitoring
Z51.89	Encounter for other specified aftercare
Z71.3	Dietary counseling and surveillance
Z71.89	Other specified counseling
Z72.0	Tobacco use
Z72.3	Lack of physical exercise
Z72.4	Inappropriate diet and eating habits
Z72.51	High risk heterosexual behavior
Z72.52	High risk homosexual behavior
Z72.53	High risk bisexual behavior
Z76.0	Encounter for issue of repeat prescription
Z76.89	Persons encountering health services in other specified circumstances
Z77.010	Contact with and (suspected) exposure to arsenic
Z77.011	Contact with and (suspected) exposure to lead
Z77.018	Contact with and (suspected) exposure to other hazardous metals
Z79.01	Long term (current) use of anticoagulants
Z79.02	Long term (current) use of antithrombotics/antiplatelets
Z79.1	Long term (current) use of non-steroidal anti-inflammatories (NSAID)
Z79.2	Long term (current) use of antibiotics
Z79.3	Long term (current) use of hormonal contraceptives
Z79.51	Long term (current) use of inhaled steroids
Z79.52	Long term (current) use of systemic steroids
Z79.810	Long term (current) use of selective estrogen receptor modulators (SERMs)
Z79.811	Long term (current) use of aromatase inhibitors
Z79.818	Long term (current) use of other agents affecting estrogen receptors and estrogen levels
Z79.82	Long term (current) use of aspirin
Z79.83	Long term (current) use of bisphosphonates
Z79.890	Hormone replacement therapy
Z79.891	Long term (current) use of opiate analgesic
Z79.899	Other long term (current) drug therapy
Z80.0	Family history of malignant neoplasm of digestive organs
Z80.1	Family history of malignant neoplasm of trachea, bronchus and lung
Z80.3	Family history of malignant neoplasm of breast
Z80.41	Family history of malignant neoplasm of ovary
Z80.42	Family history of malignant neoplasm of prostate
Z80.9	Family history of malignant neoplasm, unspecified
Z85.038	Personal history of other malignant neoplasm of large intestine
Z85.3	Personal history of malignant neoplasm of breast
Z85.46	Personal history of malignant neoplasm of prostate
Z85.850	Personal history of malignant neoplasm of thyroid
Z87.891	Personal history of nicotine dependence
Z88.0	Allergy status to penicillin
Z90.410	Acquired total absence of pancreas
Z90.710	Acquired absence of both cervix and uterus
Z90.89	Acquired absence of other organs
Z91.010	Allergy to peanuts
Z91.011	Allergy to milk products
Z91.012	Allergy to eggs
Z91.013	Allergy to seafood
Z91.018	Allergy to other foods
Z91.040	Latex allergy status
Z92.21	Personal history of antineoplastic chemotherapy
Z92.3	Personal history of irradiation
T56.0X1A	Toxic effect of lead and its compounds, accidental (unintentional), initial encounter
T78.40XA	Allergy, unspecified, initial encounter
F10.10	Alcohol abuse, uncomplicated
F10.20	Alcohol dependence, uncomplicated
F11.20	Opioid dependence, uncomplicated
F12.20	Cannabis dependence, uncomplicated
F14.20	Cocaine dependence, uncomplicated
F15.20	Other stimulant dependence, uncomplicated
F17.200	Nicotine dependence, unspecified, uncomplicated
F17.210	Nicotine dependence, cigarettes, uncomplicated
F19.20	Other psychoactive substance dependence, uncomplicated
F20.9	Schizophrenia, unspecified
F31.9	Bipolar disorder, unspecified
F32.9	Major depressive disorder, single episode, unspecified
F32.A	Depression, unspecified
F33.9	Major depressive disorder, recurrent, unspecified
F41.1	Generalized anxiety disorder
F41.9	Anxiety disorder, unspecified
F43.10	Post-traumatic stress disorder, unspecified
F51.01	Primary insomnia
F90.9	Attention-deficit hyperactivity disorder, unspecified type
G25.81	Restless legs syndrome
G30.9	Alzheimer's disease, unspecified
G40.909	Epilepsy, unspecified, not intractable, without status epilepticus
G43.909	Migraine, unspecified, not intractable, without status migrainosus
G47.00	Insomnia, unspecified
G47.33	Obstructive sleep apnea (adult) (pediatric)
G56.00	Carpal tunnel syndrome, unspecified upper limb
G62.9	Polyneuropathy, unspecified
G93.32	Myalgic encephalomyelitis/chronic fatigue syndrome
M05.9	Rheumatoid arthritis with rheumatoid factor, unspecified
M06.9	Rheumatoid arthritis, unspecified
M10.9	Gout, unspecified
M13.0	Polyarthritis, unspecified
M19.90	Unspecified osteoarthritis, unspecified site
M25.50	Pain in unspecified joint
M31.5	Giant cell arteritis with polymyalgia rheumatica
M31.6	Other giant cell arteritis
M32.10	Systemic lupus erythematosus, organ or system involvement unspecified
M32.9	Systemic lupus erythematosus, unspecified
M34.9	Systemic sclerosis, unspecified
M35.3	Polymyalgia rheumatica
M45.9	Ankylosing spondylitis of unspecified sites in spine
M54.50	Low back pain, unspecified
M62.82	Rhabdomyolysis
M79.10	Myalgia, unspecified site
M81.0	Age-related osteoporosis without current pathological fracture
M83.9	Adult osteomalacia, unspecified
M85.80	Other specified disorders of bone density and structure, unspecified site
M89.9	Disorder of bone, unspecified
L29.9	Pruritus, unspecified
L40.0	Psoriasis vulgaris
L65.9	Nonscarring hair loss, unspecified
L68.0	Hirsutism
L70.0	Acne vulgaris
C18.9	Malignant neoplasm of colon, unspecified
C20	Malignant neoplasm of rectum
C22.0	Liver cell carcinoma
C25.9	Malignant neoplasm of pancreas, unspecified
C34.90	Malignant neoplasm of unspecified part of unspecified bronchus or lung
C50.911	Malignant neoplasm of unspecified site of right female breast
C50.912	Malignant neoplasm of unspecified site of left female breast
C50.919	Malignant neoplasm of unspecified site of unspecified female breast
C56.9	Malignant neoplasm of unspecified ovary
C61	Malignant neoplasm of prostate
C62.90	Malignant neoplasm of unspecified testis, unspecified whether descended or undescended
C64.9	Malignant neoplasm of unspecified kidney, except renal pelvis
C67.9	Malignant neoplasm of bladder, unspecified
C73	Malignant neoplasm of thyroid gland
C81.90	Hodgkin lymphoma, unspecified, unspecified site
C85.90	Non-Hodgkin lymphoma, unspecified, unspecified site
C90.00	Multiple myeloma not having achieved remission
C91.10	Chronic lymphocytic leukemia of B-cell type not having achieved remission
C92.10	Chronic myeloid leukemia, BCR/ABL-positive, not having achieved remission
D12.6	Benign neoplasm of colon, unspecified
D25.9	Leiomyoma of uterus, unspecified
D34	Benign neoplasm of thyroid gland
D35.2	Benign neoplasm of pituitary gland
N40.0	Benign prostatic hyperplasia without lower urinary tract symptoms
N40.1	Benign prostatic hyperplasia with lower urinary tract symptoms
N41.0	Acute prostatitis
N41.1	Chronic prostatitis
N46.9	Male infertility, unspecified
N52.9	Male erectile dysfunction, unspecified
N64.3	Galactorrhea not associated with childbirth
N76.0	Acute vaginitis
N83.20	Unspecified ovarian cysts
N85.00	Endometrial hyperplasia, unspecified
N91.2	Amenorrhea, unspecified
N92.0	Excessive and frequent menstruation with regular cycle
N92.6	Irregular menstruation, unspecified
N93.8	Other specified abnormal uterine and vaginal bleeding
N93.9	Abnormal uterine and vaginal bleeding, unspecified
N94.3	Premenstrual tension syndrome
N94.6	Dysmenorrhea, unspecified
N95.0	Postmenopausal bleeding
N95.1	Menopausal and female climacteric states
N95.2	Postmenopausal atrophic vaginitis
N95.9	Unspecified menopausal and perimenopausal disorder
N96	Recurrent pregnancy loss
N97.0	Female infertility associated with anovulation
N97.9	Female infertility, unspecified
O09.90	Supervision of high risk pregnancy, unspecified, unspecified trimester
O13.9	Gestational [pregnancy-induced] hypertension without significant proteinuria, unspecified trimester
O14.90	Unspecified pre-eclampsia, unspecified trimester
O21.0	Mild hyperemesis gravidarum
`;
